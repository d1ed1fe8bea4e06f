pragma circom 2.0.0;

// x³ + x + 5 = y, x·y = z, and the sum of x and four more secrets s[i] times y^i: out;
// y, z and out public (out an output signal), x and s secret.
template Powers(n) {
    signal input x;
    signal input s[n];
    signal input y;
    signal input z;
    signal output out;
    signal x2 <== x * x;
    signal x3 <== x2 * x;
    y === x3 + x + 5;
    z === x * y;
    signal acc[n + 1];
    acc[0] <== x;
    for (var i = 0; i < n; i++) {
        acc[i + 1] <== acc[i] * y + s[i];
    }
    out <== acc[n];
}

component main { public [y, z] } = Powers(4);
