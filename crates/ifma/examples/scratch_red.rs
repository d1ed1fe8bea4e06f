use evm384_ifma::rns::*;
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline(never)]
#[no_mangle]
pub unsafe fn reduce12_probe(w: &[RnsWide; 12], out: &mut [Rns; 12]) {
    *out = reduce_scaled(w, [1; 12]);
}
fn main() {
    unsafe {
        let pairs = evm384_ifma::bench::sample_pairs(1);
        let x = from_fp(&pairs[0].0.x);
        let mut o = [x; 12];
        reduce12_probe(&[mul_wide(&x, &x); 12], &mut o);
        std::hint::black_box(o);
    }
}
