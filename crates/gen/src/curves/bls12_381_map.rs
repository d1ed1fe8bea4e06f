//! Constants of the BLS12-381 maps to G1 and G2: the EIP-2537 precompiles MAP_FP_TO_G1 (0x10)
//! and MAP_FP2_TO_G2 (0x11), and RFC 9380 hash-to-curve for the suites
//! `BLS12381G1_XMD:SHA-256_SSWU_RO_` / `BLS12381G2_XMD:SHA-256_SSWU_RO_` (and their `_NU_` twins).
//!
//! The pipeline (RFC 9380, "Hashing to Elliptic Curves", <https://www.rfc-editor.org/rfc/rfc9380>):
//! - `map_to_curve(u) = iso_map(map_to_curve_simple_swu(u))` (§6.6.3): the simplified SWU map
//!   (§6.6.2) onto a curve E' isogenous to E, then the isogeny E' → E (Appendix E);
//! - `clear_cofactor(P) = h_eff · P` (§7; the G2 h_eff is the Budroni–Pintore method's,
//!   Appendix G.3);
//! - EIP-2537 MAP_FP_TO_G1(u) / MAP_FP2_TO_G2(u) = `clear_cofactor(map_to_curve(u))` — RFC 9380's
//!   `encode_to_curve` without `hash_to_field`: the EIP's vectors are the inputs and outputs of the
//!   `_NU_` suites' test vectors (`tests::eip2537_inputs_are_the_rfc_encode_to_curve_vectors`);
//! - `hash_to_curve(msg) = clear_cofactor(map_to_curve(u₀) + map_to_curve(u₁))` with
//!   `(u₀, u₁) = hash_to_field(msg, 2)` (§3, §5), `expand_message_xmd` with SHA-256 (§5.3.1).
//!
//! Source of every value: the RFC's own source text, repository cfrg/draft-irtf-cfrg-hash-to-curve
//! (<https://github.com/cfrg/draft-irtf-cfrg-hash-to-curve>), commit
//! 664b13592116cecc9e52fb192dcde0ade36f904e (2022-06-15, its final state: the draft-16 source that
//! became RFC 9380),
//! file `draft-irtf-cfrg-hash-to-curve.md`; section numbers are RFC 9380's. The lines read are
//! kept verbatim in `testdata/rfc9380/bls12381_constants.txt`, the test vectors in
//! `testdata/rfc9380/*.json` (see its README).
//!
//! Every value is a canonical integer (not Montgomery form), six little-endian 64-bit limbs
//! ([`Limbs`]); an Fp2 value is `[c0, c1]` = c0 + c1·I with Fp2 = Fp[I]/(I²+1) (the tower of
//! [`crate::curves`], u = I). Polynomial coefficient tables are indexed by the power of x':
//! entry i is the RFC's k_(j,i). `tests` checks the values against the RFC text, recomputes the
//! ones that have a formula, and runs an independent big-integer model of the whole pipeline
//! (SWU, isogenies, cofactor clearing, hash_to_field) through the RFC 9380 and EIP-2537 vectors;
//! every constant is shown to matter by perturbing it (`tests::every_constant_is_checked_by_the_vectors`).

use evm384_arith::Limbs;

/// The constants of the maps to G1 and G2 of BLS12-381 (RFC 9380 §8.8).
///
/// The isogeny maps (RFC 9380 Appendix E) send (x', y') on E' to (x, y) on E with
/// x = x_num(x') / x_den(x') and y = y' · y_num(x') / y_den(x'); the denominators are monic and
/// their leading coefficient 1 is implicit (not stored), as in the RFC's tables. An input where a
/// denominator vanishes maps to the point at infinity (RFC 9380 §6.6.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapParams {
    /// A' of E1': y'² = x'³ + A'·x' + B', the curve 11-isogenous to E1: y² = x³ + 4
    /// (RFC 9380 §8.8.1, suite BLS12381G1_XMD:SHA-256_SSWU_RO_).
    pub g1_sswu_a: Limbs,
    /// B' of E1' (RFC 9380 §8.8.1).
    pub g1_sswu_b: Limbs,
    /// Z = 11, the simplified SWU constant for G1 (RFC 9380 §8.8.1; the first value meeting the
    /// four criteria of §6.6.2 in the search order of Appendix H.2).
    pub g1_sswu_z: Limbs,
    /// x_num of the 11-isogeny E1' → E1: entry i = k_(1,i), i = 0..=11, the coefficient of x'^i
    /// (RFC 9380 Appendix E.2).
    pub g1_iso_x_num: [Limbs; 12],
    /// x_den = x'^10 + Σ k_(2,i)·x'^i: entry i = k_(2,i), i = 0..=9; the x'^10 coefficient 1 is
    /// implicit (RFC 9380 Appendix E.2).
    pub g1_iso_x_den: [Limbs; 10],
    /// y_num: entry i = k_(3,i), i = 0..=15 (RFC 9380 Appendix E.2).
    pub g1_iso_y_num: [Limbs; 16],
    /// y_den = x'^15 + Σ k_(4,i)·x'^i: entry i = k_(4,i), i = 0..=14; the x'^15 coefficient 1 is
    /// implicit (RFC 9380 Appendix E.2).
    pub g1_iso_y_den: [Limbs; 15],
    /// h_eff = 0xd201000000010001 = 1 - z for G1 (RFC 9380 §8.8.1): clear_cofactor(P) = h_eff·P.
    pub g1_h_eff: u64,
    /// A' = 240·I of E2': y'² = x'³ + A'·x' + B', the curve 3-isogenous to
    /// E2: y² = x³ + 4·(1 + I) (RFC 9380 §8.8.2, suite BLS12381G2_XMD:SHA-256_SSWU_RO_).
    pub g2_sswu_a: [Limbs; 2],
    /// B' = 1012·(1 + I) (RFC 9380 §8.8.2).
    pub g2_sswu_b: [Limbs; 2],
    /// Z = -(2 + I) = [p - 2, p - 1], the simplified SWU constant for G2 (RFC 9380 §8.8.2).
    pub g2_sswu_z: [Limbs; 2],
    /// x_num of the 3-isogeny E2' → E2: entry i = k_(1,i), i = 0..=3 (RFC 9380 Appendix E.3).
    pub g2_iso_x_num: [[Limbs; 2]; 4],
    /// x_den = x'^2 + k_(2,1)·x' + k_(2,0): entry i = k_(2,i), i = 0..=1; the x'^2 coefficient 1
    /// is implicit (RFC 9380 Appendix E.3).
    pub g2_iso_x_den: [[Limbs; 2]; 2],
    /// y_num: entry i = k_(3,i), i = 0..=3 (RFC 9380 Appendix E.3).
    pub g2_iso_y_num: [[Limbs; 2]; 4],
    /// y_den = x'^3 + Σ k_(4,i)·x'^i: entry i = k_(4,i), i = 0..=2; the x'^3 coefficient 1 is
    /// implicit (RFC 9380 Appendix E.3).
    pub g2_iso_y_den: [[Limbs; 2]; 3],
    /// h_eff for G2 (RFC 9380 §8.8.2), a 636-bit integer as ten little-endian 64-bit words;
    /// h_eff = 3·(z² - 1)·h₂ for the G2 cofactor h₂, the scalar that Budroni–Pintore's
    /// [z² - z - 1]P + [z - 1]ψ(P) + ψ²(2P) equals (RFC 9380 Appendix G.3).
    pub g2_h_eff: [u64; 10],
}

/// The map constants of BLS12-381 (RFC 9380 §8.8.1, §8.8.2, Appendix E.2, E.3).
pub fn bls12_381_map_params() -> MapParams {
    MapParams {
        g1_sswu_a: [
            0x5cf428082d584c1d,
            0x98936f8da0e0f97f,
            0xd8e8981aefd881ac,
            0xb0ea985383ee66a8,
            0x3d693a02c96d4982,
            0x00144698a3b8e943,
        ],
        g1_sswu_b: [
            0xd1cc48e98e172be0,
            0x5a23215a316ceaa5,
            0xa0b9c14fcef35ef5,
            0x2016c1f0f24f4070,
            0x018b12e8753eee3b,
            0x12e2908d11688030,
        ],
        g1_sswu_z: [11, 0, 0, 0, 0, 0],
        g1_iso_x_num: [
            // k_(1,0)
            [
                0xaeac1662734649b7,
                0x5610c2d5f2e62d6e,
                0xf2627b56cdb4e2c8,
                0x6b303e88a2d7005f,
                0xb809101dd9981585,
                0x11a05f2b1e833340,
            ],
            // k_(1,1)
            [
                0xe834eef1b3cb83bb,
                0x4838f2a6f318c356,
                0xf565e33c70d1e86b,
                0x7c17e75b2f6a8417,
                0x0588bab22147a81c,
                0x17294ed3e943ab2f,
            ],
            // k_(1,2)
            [
                0xe0179f9dac9edcb0,
                0x958c3e3d2a09729f,
                0x6878e501ec68e25c,
                0xce032473295983e5,
                0x1d1048c5d10a9a1b,
                0x0d54005db97678ec,
            ],
            // k_(1,3)
            [
                0xc5b388641d9b6861,
                0x5336e25ce3107193,
                0xf1b33289f1b33083,
                0xd7f5e4656a8dbf25,
                0x4e0609d307e55412,
                0x1778e7166fcc6db7,
            ],
            // k_(1,4)
            [
                0x51154ce9ac8895d9,
                0x985a286f301e77c4,
                0x086eeb65982fac18,
                0x99db995a1257fb3f,
                0x6642b4b3e4118e54,
                0x0e99726a3199f443,
            ],
            // k_(1,5)
            [
                0xcd13c1c66f652983,
                0xa0870d2dcae73d19,
                0x9ed3ab9097e68f90,
                0xdb3cb17dd952799b,
                0x01d1201bf7a74ab5,
                0x1630c3250d7313ff,
            ],
            // k_(1,6)
            [
                0xddd7f225a139ed84,
                0x8da25128c1052eca,
                0x9008e218f9c86b2a,
                0xb11586264f0f8ce1,
                0x6a3726c38ae652bf,
                0x0d6ed6553fe44d29,
            ],
            // k_(1,7)
            [
                0x9ccb5618e3f0c88e,
                0x39b7c8f8c8f475af,
                0xa682c62ef0f27533,
                0x356de5ab275b4db1,
                0xe8743884d1117e53,
                0x17b81e7701abdbe2,
            ],
            // k_(1,8)
            [
                0x6d71986a8497e317,
                0x4fa295f296b74e95,
                0xa2c596c928c5d1de,
                0xc43b756ce79f5574,
                0x7b90b33563be990d,
                0x080d3cf1f9a78fc4,
            ],
            // k_(1,9)
            [
                0x7f241067be390c9e,
                0xa3190b2edc032779,
                0x676314baf4bb1b7f,
                0xdd2ecb803a0c5c99,
                0x2e0c37515d138f22,
                0x169b1f8e1bcfa7c4,
            ],
            // k_(1,10)
            [
                0xca67df3f1605fb7b,
                0xf69b771f8c285dec,
                0xd50af36003b14866,
                0xfa7dccdde6787f96,
                0x72d8ec09d2565b0d,
                0x10321da079ce07e2,
            ],
            // k_(1,11)
            [
                0xa9c8ba2e8ba2d229,
                0xc24b1b80b64d391f,
                0x23c0bf1bc24c6b68,
                0x31d79d7e22c837bc,
                0xbd1e962381edee3d,
                0x06e08c248e260e70,
            ],
        ],
        g1_iso_x_den: [
            // k_(2,0)
            [
                0x993cf9fa40d21b1c,
                0xb558d681be343df8,
                0x9c9588617fc8ac62,
                0x01d5ef4ba35b48ba,
                0x18b2e62f4bd3fa6f,
                0x08ca8d548cff19ae,
            ],
            // k_(2,1)
            [
                0xe5c8276ec82b3bff,
                0x13daa8846cb026e9,
                0x0126c2588c48bf57,
                0x7041e8ca0cf0800c,
                0x48b4711298e53636,
                0x12561a5deb559c43,
            ],
            // k_(2,2)
            [
                0xfcc239ba5cb83e19,
                0xd6a3d0967c94fedc,
                0xfca64e00b11aceac,
                0x6f89416f5a718cd1,
                0x8137e629bff2991f,
                0x0b2962fe57a3225e,
            ],
            // k_(2,3)
            [
                0x130de8938dc62cd8,
                0x4976d5243eecf5c4,
                0x54cca8abc28d6fd0,
                0x5b08243f16b16551,
                0xc83aafef7c40eb54,
                0x03425581a58ae2fe,
            ],
            // k_(2,4)
            [
                0x539d395b3532a21e,
                0x9bd29ba81f35781d,
                0x8d6b44e833b306da,
                0xffdfc759a12062bb,
                0x0a6f1d5f43e7a07d,
                0x13a8e162022914a8,
            ],
            // k_(2,5)
            [
                0xc02df9a29f6304a5,
                0x7400d24bc4228f11,
                0x0a43bcef24b8982f,
                0x395735e9ce9cad4d,
                0x55390f7f0506c6e9,
                0x0e7355f8e4e667b9,
            ],
            // k_(2,6)
            [
                0xec2574496ee84a3a,
                0xea73b3538f0de06c,
                0x4e2e073062aede9c,
                0x570f5799af53a189,
                0x0f3e0c63e0596721,
                0x0772caacf1693619,
            ],
            // k_(2,7)
            [
                0x11f7d99bbdcc5a5e,
                0x0fa5b9489d11e2d3,
                0x1996e1cdf9822c58,
                0x6e7f63c21bca68a8,
                0x30b3f5b074cf0199,
                0x14a7ac2a9d64a8b2,
            ],
            // k_(2,8)
            [
                0x4776ec3a79a1d641,
                0x03826692abba4370,
                0x74100da67f398835,
                0xe07f8d1d7161366b,
                0x5e920b3dafc7a3cc,
                0x0a10ecf6ada54f82,
            ],
            // k_(2,9)
            [
                0x2d6384d168ecdd0a,
                0x93174e4b4b786500,
                0x76df533978f31c15,
                0xf682b4ee96f7d037,
                0x476d6e3eb3a56680,
                0x095fc13ab9e92ad4,
            ],
        ],
        g1_iso_y_num: [
            // k_(3,0)
            [
                0xbe9845719707bb33,
                0xcd0c7aee9b3ba3c2,
                0x2b52af6c956543d3,
                0x11ad138e48a86952,
                0x259d1f094980dcfa,
                0x090d97c81ba24ee0,
            ],
            // k_(3,1)
            [
                0xe097e75a2e41c696,
                0xd6c56711962fa8bf,
                0x0f906343eb67ad34,
                0x1223e96c254f383d,
                0xd51036d776fb4683,
                0x134996a104ee5811,
            ],
            // k_(3,2)
            [
                0xb8dfe240c72de1f6,
                0xd26d521628b00523,
                0xc344be4b91400da7,
                0x2552e2d658a31ce2,
                0xf4a384c86a3b4994,
                0x00cc786baa966e66,
            ],
            // k_(3,3)
            [
                0xa6355c77b0e5f4cb,
                0xde405aba9ec61dec,
                0x09e4a3ec03251cf9,
                0xd42aa7b90eeb791c,
                0x7898751ad8746757,
                0x01f86376e8981c21,
            ],
            // k_(3,4)
            [
                0x41b6daecf2e8fedb,
                0x2ee7f8dc099040a8,
                0x79833fd221351adc,
                0x195536fbe3ce50b8,
                0x5caf4fe2a21529c4,
                0x08cc03fdefe0ff13,
            ],
            // k_(3,5)
            [
                0x99b23ab13633a5f0,
                0x203f6326c95a8072,
                0x76505c3d3ad5544e,
                0x74a7d0d4afadb7bd,
                0x2211e11db8f0a6a0,
                0x16603fca40634b6a,
            ],
            // k_(3,6)
            [
                0xc961f8855fe9d6f2,
                0x47a87ac2460f415e,
                0x5231413c4d634f37,
                0xe75bb8ca2be184cb,
                0xb2c977d027796b3c,
                0x04ab0b9bcfac1bbc,
            ],
            // k_(3,7)
            [
                0xa15e4ca31870fb29,
                0x42f64550fedfe935,
                0xfd038da6c26c8426,
                0x170a05bfe3bdd81f,
                0xde9926bd2ca6c674,
                0x0987c8d5333ab86f,
            ],
            // k_(3,8)
            [
                0x60370e577bdba587,
                0x69d65201c78607a3,
                0x1e8b6e6a1f20cabe,
                0x8f3abd16679dc26c,
                0xe88c9e221e4da1bb,
                0x09fc4018bd96684b,
            ],
            // k_(3,9)
            [
                0x2bafaaebca731c30,
                0x9b3f7055dd4eba6f,
                0x06985e7ed1e4d43b,
                0xc42a0ca7915af6fe,
                0x223abde7ada14a23,
                0x0e1bba7a1186bdb5,
            ],
            // k_(3,10)
            [
                0xe813711ad011c132,
                0x31bf3a5cce3fbafc,
                0xd1183e416389e610,
                0xcd2fcbcb6caf493f,
                0x0dfd0b8f1d43fb93,
                0x19713e47937cd1be,
            ],
            // k_(3,11)
            [
                0xce07c8a4d0074d8e,
                0x49d9cdf41b44d606,
                0x2e6bfe7f911f6432,
                0x523559b8aaf0c246,
                0xb918c143fed2edcc,
                0x18b46a908f36f6de,
            ],
            // k_(3,12)
            [
                0x0d4c04f00b971ef8,
                0x06c851c1919211f2,
                0xc02710e807b4633f,
                0x7aa7b12a3426b08e,
                0xd155096004f53f44,
                0x0b182cac101b9399,
            ],
            // k_(3,13)
            [
                0x42d9d3f5db980133,
                0xc6cf90ad1c232a64,
                0x13e6632d3c40659c,
                0x757b3b080d4c1580,
                0x72fc00ae7be315dc,
                0x0245a394ad1eca9b,
            ],
            // k_(3,14)
            [
                0x866b1e715475224b,
                0x6ba1049b6579afb7,
                0xd9ab0f5d396a7ce4,
                0x5e673d81d7e86568,
                0x02a159f748c4a3fc,
                0x05c129645e44cf11,
            ],
            // k_(3,15)
            [
                0x04b456be69c8b604,
                0xb665027efec01c77,
                0x57add4fa95af01b2,
                0xcb181d8f84965a39,
                0x4ea50b3b42df2eb5,
                0x15e6be4e990f03ce,
            ],
        ],
        g1_iso_y_den: [
            // k_(4,0)
            [
                0x01479253b03663c1,
                0x07f3688ef60c206d,
                0xeec3232b5be72e7a,
                0x601a6de578980be6,
                0x52181140fad0eae9,
                0x16112c4c3a9c98b2,
            ],
            // k_(4,1)
            [
                0x32f6102c2e49a03d,
                0x78a4260763529e35,
                0xa4a10356f453e01f,
                0x85c84ff731c4d59c,
                0x1a0cbd6c43c348b8,
                0x1962d75c2381201e,
            ],
            // k_(4,2)
            [
                0x1e2538b53dbf67f2,
                0xa6757cd636f96f89,
                0x0c35a5dd279cd2ec,
                0x78c4855551ae7f31,
                0x6faaae7d6e8eb157,
                0x058df3306640da27,
            ],
            // k_(4,3)
            [
                0xa8d26d98445f5416,
                0x727364f2c28297ad,
                0x123da489e726af41,
                0xd115c5dbddbcd30e,
                0xf20d23bf89edb4d1,
                0x16b7d288798e5395,
            ],
            // k_(4,4)
            [
                0xda39142311a5001d,
                0xa20b15dc0fd2eded,
                0x542eda0fc9dec916,
                0xc6d19c9f0f69bbb0,
                0xb00cc912f8228ddc,
                0x0be0e079545f43e4,
            ],
            // k_(4,5)
            [
                0x02c6477faaf9b7ac,
                0x49f38db9dfa9cce2,
                0xc5ecd87b6f0f5a64,
                0xb70152c65550d881,
                0x9fb266eaac783182,
                0x08d9e5297186db2d,
            ],
            // k_(4,6)
            [
                0x3d1a1399126a775c,
                0xd5fa9c01a58b1fb9,
                0x5dd365bc400a0051,
                0x5eecfdfa8d0cf8ef,
                0xc3ba8734ace9824b,
                0x166007c08a99db2f,
            ],
            // k_(4,7)
            [
                0x60ee415a15812ed9,
                0xb920f5b00801dee4,
                0xfeb34fd206357132,
                0xe5a4375efa1f4fd7,
                0x03bcddfabba6ff6e,
                0x16a3ef08be3ea7ea,
            ],
            // k_(4,8)
            [
                0x6b233d9d55535d4a,
                0x52cfe2f7bb924883,
                0xabc5750c4bf39b48,
                0xf9fb0ce4c6af5920,
                0x1a1be54fd1d74cc4,
                0x1866c8ed336c6123,
            ],
            // k_(4,9)
            [
                0x346ef48bb8913f55,
                0xc7385ea3d529b35e,
                0x5308592e7ea7d4fb,
                0x3216f763e13d87bb,
                0xea820597d94a8490,
                0x167a55cda70a6e1c,
            ],
            // k_(4,10)
            [
                0x00f8b49cba8f6aa8,
                0x71a5c29f4f830604,
                0x0e591b36e636a5c8,
                0x9c6dd039bb61a629,
                0x48f010a01ad2911d,
                0x04d2f259eea405bd,
            ],
            // k_(4,11)
            [
                0x9684b529e2561092,
                0x16f968986f7ebbea,
                0x8c0f9a88cea79135,
                0x7f94ff8aefce42d2,
                0xf5852c1e48c50c47,
                0x0accbb67481d033f,
            ],
            // k_(4,12)
            [
                0x1e99b138573345cc,
                0x93000763e3b90ac1,
                0x7d5ceef9a00d9b86,
                0x543346d98adf0226,
                0xc3613144b45f1496,
                0x0ad6b9514c767fe3,
            ],
            // k_(4,13)
            [
                0xd1fadc1326ed06f7,
                0x420517bd8714cc80,
                0xcb748df27942480e,
                0xbf565b94e72927c1,
                0x628bdd0d53cd76f2,
                0x02660400eb2e4f3b,
            ],
            // k_(4,14)
            [
                0x4415473a1d634b8f,
                0x5ca2f570f1349780,
                0x324efcd6356caa20,
                0x71c40f65e273b853,
                0x6b24255e0d7819c1,
                0x0e0fa1d816ddc03e,
            ],
        ],
        g1_h_eff: 0xd201000000010001,
        g2_sswu_a: [ZERO, [240, 0, 0, 0, 0, 0]],
        g2_sswu_b: [[1012, 0, 0, 0, 0, 0], [1012, 0, 0, 0, 0, 0]],
        g2_sswu_z: [p_minus(2), p_minus(1)], // [-2, -1] mod p
        g2_iso_x_num: [
            // k_(1,0)
            [
                [
                    0x6238aaaaaaaa97d6,
                    0x5c2638e343d9c71c,
                    0x88b58423c50ae15d,
                    0x32c52d39fd3a042a,
                    0xbb5b7a9a47d7ed85,
                    0x05c759507e8e333e,
                ],
                [
                    0x6238aaaaaaaa97d6,
                    0x5c2638e343d9c71c,
                    0x88b58423c50ae15d,
                    0x32c52d39fd3a042a,
                    0xbb5b7a9a47d7ed85,
                    0x05c759507e8e333e,
                ],
            ],
            // k_(1,1)
            [
                [
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                ],
                [
                    0x26a9ffffffffc71a,
                    0x1472aaa9cb8d5555,
                    0x9a208c6b4f20a418,
                    0x984f87adf7ae0c7f,
                    0x32126fced787c88f,
                    0x11560bf17baa99bc,
                ],
            ],
            // k_(1,2)
            [
                [
                    0x26a9ffffffffc71e,
                    0x1472aaa9cb8d5555,
                    0x9a208c6b4f20a418,
                    0x984f87adf7ae0c7f,
                    0x32126fced787c88f,
                    0x11560bf17baa99bc,
                ],
                [
                    0x9354ffffffffe38d,
                    0x0a395554e5c6aaaa,
                    0xcd104635a790520c,
                    0xcc27c3d6fbd7063f,
                    0x190937e76bc3e447,
                    0x08ab05f8bdd54cde,
                ],
            ],
            // k_(1,3)
            [
                [
                    0x88e2aaaaaaaa5ed1,
                    0x7098e38d0f671c71,
                    0x22d6108f142b8575,
                    0xcb14b4e7f4e810aa,
                    0xed6dea691f5fb614,
                    0x171d6541fa38ccfa,
                ],
                [
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                ],
            ],
        ],
        g2_iso_x_den: [
            // k_(2,0)
            [
                [
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                ],
                [
                    0xb9feffffffffaa63,
                    0x1eabfffeb153ffff,
                    0x6730d2a0f6b0f624,
                    0x64774b84f38512bf,
                    0x4b1ba7b6434bacd7,
                    0x1a0111ea397fe69a,
                ],
            ],
            // k_(2,1)
            [
                [
                    0x000000000000000c,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                ],
                [
                    0xb9feffffffffaa9f,
                    0x1eabfffeb153ffff,
                    0x6730d2a0f6b0f624,
                    0x64774b84f38512bf,
                    0x4b1ba7b6434bacd7,
                    0x1a0111ea397fe69a,
                ],
            ],
        ],
        g2_iso_y_num: [
            // k_(3,0)
            [
                [
                    0x12cfc71c71c6d706,
                    0xfc8c25ebf8c92f68,
                    0xf54439d87d27e500,
                    0x0f7da5d4a07f649b,
                    0x59a4c18b076d1193,
                    0x1530477c7ab4113b,
                ],
                [
                    0x12cfc71c71c6d706,
                    0xfc8c25ebf8c92f68,
                    0xf54439d87d27e500,
                    0x0f7da5d4a07f649b,
                    0x59a4c18b076d1193,
                    0x1530477c7ab4113b,
                ],
            ],
            // k_(3,1)
            [
                [
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                ],
                [
                    0x6238aaaaaaaa97be,
                    0x5c2638e343d9c71c,
                    0x88b58423c50ae15d,
                    0x32c52d39fd3a042a,
                    0xbb5b7a9a47d7ed85,
                    0x05c759507e8e333e,
                ],
            ],
            // k_(3,2)
            [
                [
                    0x26a9ffffffffc71c,
                    0x1472aaa9cb8d5555,
                    0x9a208c6b4f20a418,
                    0x984f87adf7ae0c7f,
                    0x32126fced787c88f,
                    0x11560bf17baa99bc,
                ],
                [
                    0x9354ffffffffe38f,
                    0x0a395554e5c6aaaa,
                    0xcd104635a790520c,
                    0xcc27c3d6fbd7063f,
                    0x190937e76bc3e447,
                    0x08ab05f8bdd54cde,
                ],
            ],
            // k_(3,3)
            [
                [
                    0xe1b371c71c718b10,
                    0x4e79097a56dc4bd9,
                    0xb0e977c69aa27452,
                    0x761b0f37a1e26286,
                    0xfbf7043de3811ad0,
                    0x124c9ad43b6cf79b,
                ],
                [
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                ],
            ],
        ],
        g2_iso_y_den: [
            // k_(4,0)
            [
                [
                    0xb9feffffffffa8fb,
                    0x1eabfffeb153ffff,
                    0x6730d2a0f6b0f624,
                    0x64774b84f38512bf,
                    0x4b1ba7b6434bacd7,
                    0x1a0111ea397fe69a,
                ],
                [
                    0xb9feffffffffa8fb,
                    0x1eabfffeb153ffff,
                    0x6730d2a0f6b0f624,
                    0x64774b84f38512bf,
                    0x4b1ba7b6434bacd7,
                    0x1a0111ea397fe69a,
                ],
            ],
            // k_(4,1)
            [
                [
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                ],
                [
                    0xb9feffffffffa9d3,
                    0x1eabfffeb153ffff,
                    0x6730d2a0f6b0f624,
                    0x64774b84f38512bf,
                    0x4b1ba7b6434bacd7,
                    0x1a0111ea397fe69a,
                ],
            ],
            // k_(4,2)
            [
                [
                    0x0000000000000012,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                    0x0000000000000000,
                ],
                [
                    0xb9feffffffffaa99,
                    0x1eabfffeb153ffff,
                    0x6730d2a0f6b0f624,
                    0x64774b84f38512bf,
                    0x4b1ba7b6434bacd7,
                    0x1a0111ea397fe69a,
                ],
            ],
        ],
        g2_h_eff: [
            0xe8020005aaa95551,
            0x59894c0adebbf6b4,
            0xe954cbc06689f6a3,
            0x2ec0ec69d7477c1a,
            0x6d82bf015d1212b0,
            0x329c2f178731db95,
            0x9986ff031508ffe1,
            0x88e2a8e9145ad768,
            0x584c6a0ea91b3528,
            0x0bc69f08f2ee75b3,
        ],
    }
}

const ZERO: Limbs = [0; 6];

/// p − k for a small k (the low word of p is far above k: no borrow).
fn p_minus(k: u64) -> Limbs {
    let mut r = crate::curves::bls12_381().p;
    r[0] -= k;
    r
}

#[cfg(test)]
mod tests {
    //! An independent model on big integers: Fp and Fp2 arithmetic, the RFC 9380 algorithms
    //! written from the RFC's pseudocode (not from any implementation), run on the constants of
    //! [`bls12_381_map_params`] through the RFC 9380 and EIP-2537 vectors.

    use super::*;
    use evm384_vectors::{load, load_operation_files, testdata_dir, Expected, Operation};
    use num_bigint::{BigInt, BigUint};
    use serde_json::Value;
    use sha2::{Digest, Sha256};
    use std::sync::OnceLock;

    // ---------------------------------------------------------------- integers and files

    /// Little-endian 64-bit words → integer.
    fn big(words: &[u64]) -> BigUint {
        words.iter().rev().fold(BigUint::from(0u8), |acc, w| (acc << 64) + BigUint::from(*w))
    }

    /// "0x…" (or bare) hexadecimal → integer.
    fn hex_int(s: &str) -> BigUint {
        let digits = s.strip_prefix("0x").unwrap_or(s);
        BigUint::parse_bytes(digits.as_bytes(), 16).unwrap_or_else(|| panic!("not hex: {s:?}"))
    }

    /// p, from [`crate::curves`] (whose tests derive it from z).
    fn p() -> &'static BigUint {
        static P: OnceLock<BigUint> = OnceLock::new();
        P.get_or_init(|| big(&crate::curves::bls12_381().p))
    }

    /// r, the order of G1 and G2.
    fn r() -> BigUint {
        big(&crate::curves::bls12_381().r)
    }

    fn rfc9380_json(file: &str) -> Value {
        evm384_vectors::load_json(&format!("rfc9380/{file}")).unwrap_or_else(|e| panic!("{e}"))
    }

    fn text<'a>(v: &'a Value, key: &str) -> &'a str {
        v[key].as_str().unwrap_or_else(|| panic!("no string `{key}` in {v}"))
    }

    // ---------------------------------------------------------------- fields

    /// A finite field of characteristic p, an element stored as its m coordinates over Fp.
    trait Field: Clone + PartialEq + core::fmt::Debug {
        /// The degree m over Fp.
        const M: usize;
        /// The element with these coordinates (each reduced mod p).
        fn from_coords(c: &[BigUint]) -> Self;
        fn coords(&self) -> Vec<BigUint>;
        fn add(&self, o: &Self) -> Self;
        fn sub(&self, o: &Self) -> Self;
        fn mul(&self, o: &Self) -> Self;
        /// inv0 (RFC 9380 §4): the inverse, and 0 for 0.
        fn inv0(&self) -> Self;
        /// is_square (RFC 9380 §4): true for 0 and the non-zero squares.
        fn is_square(&self) -> bool;
        /// A square root, or `None` for a non-square.
        fn sqrt(&self) -> Option<Self>;
        /// sgn0 (RFC 9380 §4.1).
        fn sgn0(&self) -> bool;

        fn small(n: u64) -> Self {
            let mut c = vec![BigUint::from(0u8); Self::M];
            c[0] = BigUint::from(n);
            Self::from_coords(&c)
        }
        fn zero() -> Self {
            Self::small(0)
        }
        fn one() -> Self {
            Self::small(1)
        }
        fn neg(&self) -> Self {
            Self::zero().sub(self)
        }
        fn square(&self) -> Self {
            self.mul(self)
        }
        fn is_zero(&self) -> bool {
            *self == Self::zero()
        }
        fn div(&self, o: &Self) -> Self {
            self.mul(&o.inv0())
        }
        fn pow(&self, e: &BigUint) -> Self {
            let mut acc = Self::one();
            for i in (0..e.bits()).rev() {
                acc = acc.square();
                if e.bit(i) {
                    acc = acc.mul(self);
                }
            }
            acc
        }
        /// q = p^m.
        fn order() -> BigUint {
            p().pow(Self::M as u32)
        }
    }

    /// Fp, always reduced.
    #[derive(Clone, PartialEq, Eq, Debug)]
    struct Fp(BigUint);

    impl Field for Fp {
        const M: usize = 1;
        fn from_coords(c: &[BigUint]) -> Self {
            assert_eq!(c.len(), 1);
            Fp(&c[0] % p())
        }
        fn coords(&self) -> Vec<BigUint> {
            vec![self.0.clone()]
        }
        fn add(&self, o: &Self) -> Self {
            Fp((&self.0 + &o.0) % p())
        }
        fn sub(&self, o: &Self) -> Self {
            Fp((&self.0 + p() - &o.0) % p())
        }
        fn mul(&self, o: &Self) -> Self {
            Fp(&self.0 * &o.0 % p())
        }
        fn inv0(&self) -> Self {
            if self.is_zero() {
                return Fp::zero();
            }
            Fp(self.0.modinv(p()).expect("p is prime"))
        }
        /// Euler's criterion: x^((p-1)/2) is 0 or 1.
        fn is_square(&self) -> bool {
            self.0.modpow(&((p() - 1u8) >> 1), p()) <= BigUint::from(1u8)
        }
        /// RFC 9380 Appendix I.1 (q = p ≡ 3 mod 4): x^((q+1)/4), kept when it squares to x.
        fn sqrt(&self) -> Option<Self> {
            let z = Fp(self.0.modpow(&((p() + 1u8) >> 2), p()));
            (z.square() == *self).then_some(z)
        }
        /// RFC 9380 §4.1, m = 1: x mod 2.
        fn sgn0(&self) -> bool {
            self.0.bit(0)
        }
    }

    /// Fp2 = Fp[I]/(I² + 1), (c0, c1) = c0 + c1·I.
    #[derive(Clone, PartialEq, Eq, Debug)]
    struct Fp2(Fp, Fp);

    impl Fp2 {
        fn i() -> Self {
            Fp2(Fp::zero(), Fp::one())
        }
        fn conj(&self) -> Self {
            Fp2(self.0.clone(), self.1.neg())
        }
    }

    /// c1 = sqrt(-1) = I, c2 = sqrt(c1), c3 = sqrt(-c1) of RFC 9380 Appendix I.3. As p ≡ 3 mod 8,
    /// -2 is a square in Fp (2 is not): with s² = -2, (s·I)² = 2, and as (1 + I)² = 2·I,
    /// sqrt(I) = (1 + I)/(s·I); then sqrt(-I) = I·sqrt(I). Each is checked by squaring.
    fn sqrt_9mod16_constants() -> &'static [Fp2; 3] {
        static C: OnceLock<[Fp2; 3]> = OnceLock::new();
        C.get_or_init(|| {
            let s = Fp::small(2).neg().sqrt().expect("-2 is a square mod p");
            let c1 = Fp2::i();
            let c2 = Fp2(Fp::one(), Fp::one()).div(&Fp2(Fp::zero(), s));
            let c3 = c1.mul(&c2);
            assert_eq!(c1.square(), Fp2::one().neg());
            assert_eq!(c2.square(), c1);
            assert_eq!(c3.square(), c1.neg());
            [c1, c2, c3]
        })
    }

    impl Field for Fp2 {
        const M: usize = 2;
        fn from_coords(c: &[BigUint]) -> Self {
            assert_eq!(c.len(), 2);
            Fp2(Fp::from_coords(&c[..1]), Fp::from_coords(&c[1..]))
        }
        fn coords(&self) -> Vec<BigUint> {
            vec![self.0 .0.clone(), self.1 .0.clone()]
        }
        fn add(&self, o: &Self) -> Self {
            Fp2(self.0.add(&o.0), self.1.add(&o.1))
        }
        fn sub(&self, o: &Self) -> Self {
            Fp2(self.0.sub(&o.0), self.1.sub(&o.1))
        }
        fn mul(&self, o: &Self) -> Self {
            Fp2(self.0.mul(&o.0).sub(&self.1.mul(&o.1)), self.0.mul(&o.1).add(&self.1.mul(&o.0)))
        }
        /// 1/x = conj(x)/N(x), N(x) = x0² + x1² ∈ Fp.
        fn inv0(&self) -> Self {
            let n = self.0.square().add(&self.1.square()).inv0();
            Fp2(self.0.mul(&n), self.1.neg().mul(&n))
        }
        /// RFC 9380 Appendix I.5: x is a square iff N(x)^((p-1)/2) ≠ -1.
        fn is_square(&self) -> bool {
            let norm = self.0.square().add(&self.1.square());
            norm.0.modpow(&((p() - 1u8) >> 1), p()) != p() - 1u8
        }
        /// RFC 9380 Appendix I.3 (sqrt_9mod16, q = p² ≡ 9 mod 16): of the four candidates
        /// t, c1·t, c2·t, c3·t with t = x^((q+7)/16), one whose square is x (the RFC's CMOVs
        /// pick such a one when x is a square).
        fn sqrt(&self) -> Option<Self> {
            let [c1, c2, c3] = sqrt_9mod16_constants();
            let t = self.pow(&((Self::order() + 7u8) >> 4));
            [c1.mul(&t), c2.mul(&t), c3.mul(&t), t].into_iter().find(|z| z.square() == *self)
        }
        /// RFC 9380 §4.1, m = 2: sgn0(x0), or sgn0(x1) when x0 = 0.
        fn sgn0(&self) -> bool {
            self.0.sgn0() || (self.0.is_zero() && self.1.sgn0())
        }
    }

    // ---------------------------------------------------------------- curves and maps

    #[derive(Clone, Debug, PartialEq)]
    enum Point<F> {
        Infinity,
        Affine(F, F),
    }

    /// y² = x³ + a·x + b.
    #[derive(Clone, Debug)]
    struct Curve<F> {
        a: F,
        b: F,
    }

    impl<F: Field> Curve<F> {
        /// g(x) = x³ + a·x + b.
        fn g(&self, x: &F) -> F {
            x.square().add(&self.a).mul(x).add(&self.b)
        }
        fn contains(&self, pt: &Point<F>) -> bool {
            match pt {
                Point::Infinity => true,
                Point::Affine(x, y) => y.square() == self.g(x),
            }
        }
        fn neg(&self, pt: &Point<F>) -> Point<F> {
            match pt {
                Point::Infinity => Point::Infinity,
                Point::Affine(x, y) => Point::Affine(x.clone(), y.neg()),
            }
        }
        /// The chord-and-tangent law in affine coordinates.
        fn add(&self, p1: &Point<F>, p2: &Point<F>) -> Point<F> {
            let (x1, y1, x2, y2) = match (p1, p2) {
                (Point::Infinity, _) => return p2.clone(),
                (_, Point::Infinity) => return p1.clone(),
                (Point::Affine(x1, y1), Point::Affine(x2, y2)) => (x1, y1, x2, y2),
            };
            let slope = if x1 != x2 {
                y2.sub(y1).div(&x2.sub(x1))
            } else if y1.add(y2).is_zero() {
                return Point::Infinity;
            } else {
                x1.square().mul(&F::small(3)).add(&self.a).div(&y1.add(y1))
            };
            let x3 = slope.square().sub(x1).sub(x2);
            let y3 = slope.mul(&x1.sub(&x3)).sub(y1);
            Point::Affine(x3, y3)
        }
        /// k·P, double-and-add from the top bit.
        fn mul(&self, pt: &Point<F>, k: &BigUint) -> Point<F> {
            let mut acc = Point::Infinity;
            for i in (0..k.bits()).rev() {
                acc = self.add(&acc, &acc);
                if k.bit(i) {
                    acc = self.add(&acc, pt);
                }
            }
            acc
        }
    }

    /// Σ cᵢ·xⁱ, plus x^len(c) when `monic` (Horner's rule).
    fn poly<F: Field>(c: &[F], monic: bool, x: &F) -> F {
        let top = if monic { F::one() } else { F::zero() };
        c.iter().rev().fold(top, |acc, ci| acc.mul(x).add(ci))
    }

    /// An isogeny map as RFC 9380 Appendix E gives it (the denominators' leading 1 implicit).
    struct Isogeny<F> {
        x_num: Vec<F>,
        x_den: Vec<F>,
        y_num: Vec<F>,
        y_den: Vec<F>,
    }

    impl<F: Field> Isogeny<F> {
        /// iso_map (RFC 9380 §6.6.3): a vanishing denominator gives the point at infinity.
        fn map(&self, pt: &Point<F>) -> Point<F> {
            let Point::Affine(x, y) = pt else { return Point::Infinity };
            let (x_den, y_den) = (poly(&self.x_den, true, x), poly(&self.y_den, true, x));
            if x_den.is_zero() || y_den.is_zero() {
                return Point::Infinity;
            }
            Point::Affine(poly(&self.x_num, false, x).div(&x_den), y.mul(&poly(&self.y_num, false, x)).div(&y_den))
        }
    }

    /// One suite's map, built from [`MapParams`] only (plus E's b from [`crate::curves`]).
    struct Suite<F> {
        /// E': y² = x³ + A'·x + B'.
        e_prime: Curve<F>,
        z: F,
        iso: Isogeny<F>,
        /// E: y² = x³ + 4 (G1), y² = x³ + 4·(1 + I) (G2).
        e: Curve<F>,
        h_eff: BigUint,
    }

    fn fp(l: &Limbs) -> Fp {
        Fp::from_coords(&[big(l)])
    }

    fn fp2(l: &[Limbs; 2]) -> Fp2 {
        Fp2::from_coords(&[big(&l[0]), big(&l[1])])
    }

    fn g1_suite(m: &MapParams) -> Suite<Fp> {
        let b = crate::curves::bls12_381().b;
        Suite {
            e_prime: Curve { a: fp(&m.g1_sswu_a), b: fp(&m.g1_sswu_b) },
            z: fp(&m.g1_sswu_z),
            iso: Isogeny {
                x_num: m.g1_iso_x_num.iter().map(fp).collect(),
                x_den: m.g1_iso_x_den.iter().map(fp).collect(),
                y_num: m.g1_iso_y_num.iter().map(fp).collect(),
                y_den: m.g1_iso_y_den.iter().map(fp).collect(),
            },
            e: Curve { a: Fp::zero(), b: Fp::small(b) },
            h_eff: BigUint::from(m.g1_h_eff),
        }
    }

    fn g2_suite(m: &MapParams) -> Suite<Fp2> {
        let b = crate::curves::bls12_381().b;
        Suite {
            e_prime: Curve { a: fp2(&m.g2_sswu_a), b: fp2(&m.g2_sswu_b) },
            z: fp2(&m.g2_sswu_z),
            iso: Isogeny {
                x_num: m.g2_iso_x_num.iter().map(fp2).collect(),
                x_den: m.g2_iso_x_den.iter().map(fp2).collect(),
                y_num: m.g2_iso_y_num.iter().map(fp2).collect(),
                y_den: m.g2_iso_y_den.iter().map(fp2).collect(),
            },
            // b·ξ with ξ = 1 + I
            e: Curve { a: Fp2::zero(), b: Fp2(Fp::small(b), Fp::small(b)) },
            h_eff: big(&m.g2_h_eff),
        }
    }

    impl<F: Field> Suite<F> {
        /// map_to_curve_simple_swu (RFC 9380 §6.6.2, the non-optimised steps 1-10) onto E';
        /// `None` when a square root it takes does not exist (only with wrong constants).
        fn simple_swu(&self, u: &F) -> Option<Point<F>> {
            let (a, b, z) = (&self.e_prime.a, &self.e_prime.b, &self.z);
            let z_u2 = z.mul(&u.square());
            // 1. tv1 = inv0(Z²·u⁴ + Z·u²)
            let tv1 = z_u2.square().add(&z_u2).inv0();
            // 2-3. x1 = (-B/A)·(1 + tv1), or B/(Z·A) when tv1 = 0
            let x1 = if tv1.is_zero() { b.div(&z.mul(a)) } else { b.neg().div(a).mul(&F::one().add(&tv1)) };
            // 4-6. gx1 = g(x1), x2 = Z·u²·x1, gx2 = g(x2)
            let gx1 = self.e_prime.g(&x1);
            let x2 = z_u2.mul(&x1);
            let gx2 = self.e_prime.g(&x2);
            // 7-8. the first of x1, x2 whose g is a square
            let (x, y) = if gx1.is_square() { (x1, gx1.sqrt()?) } else { (x2, gx2.sqrt()?) };
            // 9. sgn0(y) = sgn0(u)
            let y = if u.sgn0() != y.sgn0() { y.neg() } else { y };
            Some(Point::Affine(x, y))
        }

        /// map_to_curve (RFC 9380 §6.6.3): simplified SWU onto E', then iso_map onto E.
        fn map_to_curve(&self, u: &F) -> Option<Point<F>> {
            Some(self.iso.map(&self.simple_swu(u)?))
        }

        /// clear_cofactor (RFC 9380 §7): h_eff·P.
        fn clear_cofactor(&self, pt: &Point<F>) -> Point<F> {
            self.e.mul(pt, &self.h_eff)
        }

        /// EIP-2537 MAP_FP_TO_G1 / MAP_FP2_TO_G2: clear_cofactor(map_to_curve(u)).
        fn eip_map(&self, u: &F) -> Option<Point<F>> {
            Some(self.clear_cofactor(&self.map_to_curve(u)?))
        }

        /// P on E and r·P = O.
        fn in_subgroup(&self, pt: &Point<F>) -> bool {
            self.e.contains(pt) && self.e.mul(pt, &r()) == Point::Infinity
        }
    }

    // ---------------------------------------------------------------- hash_to_field

    /// SHA-256: b_in_bytes = 32, s_in_bytes = 64.
    const B_IN_BYTES: usize = 32;
    const S_IN_BYTES: usize = 64;

    /// DST_prime = DST ‖ I2OSP(len(DST), 1) (RFC 9380 §5.3.1), a DST longer than 255 bytes first
    /// replaced by H("H2C-OVERSIZE-DST-" ‖ DST) (§5.3.3).
    fn dst_prime(dst: &[u8]) -> Vec<u8> {
        let mut d = if dst.len() > 255 {
            Sha256::new().chain_update(b"H2C-OVERSIZE-DST-").chain_update(dst).finalize().to_vec()
        } else {
            dst.to_vec()
        };
        d.push(d.len() as u8);
        d
    }

    /// msg_prime = Z_pad ‖ msg ‖ I2OSP(len_in_bytes, 2) ‖ I2OSP(0, 1) ‖ DST_prime (§5.3.1 step 6).
    fn msg_prime(msg: &[u8], len_in_bytes: usize, dst_prime: &[u8]) -> Vec<u8> {
        let mut m = vec![0u8; S_IN_BYTES];
        m.extend_from_slice(msg);
        m.extend_from_slice(&(len_in_bytes as u16).to_be_bytes());
        m.push(0);
        m.extend_from_slice(dst_prime);
        m
    }

    /// expand_message_xmd with SHA-256 (RFC 9380 §5.3.1).
    fn expand_message_xmd(msg: &[u8], dst: &[u8], len_in_bytes: usize) -> Vec<u8> {
        let ell = len_in_bytes.div_ceil(B_IN_BYTES);
        assert!(ell <= 255 && len_in_bytes <= 65535);
        let dp = dst_prime(dst);
        let b0 = Sha256::digest(msg_prime(msg, len_in_bytes, &dp));
        let mut bi = Sha256::new().chain_update(b0).chain_update([1u8]).chain_update(&dp).finalize();
        let mut out = bi.to_vec();
        for i in 2..=ell {
            let mixed: Vec<u8> = b0.iter().zip(bi.iter()).map(|(x, y)| x ^ y).collect();
            bi = Sha256::new().chain_update(mixed).chain_update([i as u8]).chain_update(&dp).finalize();
            out.extend_from_slice(&bi);
        }
        out.truncate(len_in_bytes);
        out
    }

    /// L = ceil((ceil(log2 p) + k)/8) with k = 128 (RFC 9380 §5; 64 for BLS12-381).
    fn l_bytes() -> usize {
        (p().bits() as usize + 128).div_ceil(8)
    }

    /// hash_to_field (RFC 9380 §5.2).
    fn hash_to_field<F: Field>(msg: &[u8], dst: &[u8], count: usize) -> Vec<F> {
        let l = l_bytes();
        let bytes = expand_message_xmd(msg, dst, count * F::M * l);
        (0..count)
            .map(|i| {
                let e: Vec<BigUint> = (0..F::M)
                    .map(|j| {
                        let offset = l * (j + i * F::M);
                        BigUint::from_bytes_be(&bytes[offset..offset + l])
                    })
                    .collect();
                F::from_coords(&e)
            })
            .collect()
    }

    // ---------------------------------------------------------------- vector formats

    /// An element as the RFC 9380 vector files write it: "0x<c0>" or "0x<c0>,0x<c1>".
    fn elem<F: Field>(s: &str) -> F {
        let c: Vec<BigUint> = s.split(',').map(hex_int).collect();
        assert_eq!(c.len(), F::M, "{s}");
        assert!(c.iter().all(|x| x < p()), "non-canonical {s}");
        F::from_coords(&c)
    }

    fn point<F: Field>(v: &Value) -> Point<F> {
        Point::Affine(elem(text(v, "x")), elem(text(v, "y")))
    }

    /// EIP-2537's field element: 64 bytes, 16 zero bytes then a 48-byte big-endian value below p.
    fn decode_fp(bytes: &[u8]) -> Option<BigUint> {
        if bytes.len() != 64 || bytes[..16].iter().any(|&b| b != 0) {
            return None;
        }
        let v = BigUint::from_bytes_be(&bytes[16..]);
        (v < *p()).then_some(v)
    }

    /// MAP_FP_TO_G1's input (one element) or MAP_FP2_TO_G2's (c0 ‖ c1).
    fn decode_elem<F: Field>(input: &[u8]) -> Option<F> {
        if input.len() != 64 * F::M {
            return None;
        }
        let c = input.chunks(64).map(decode_fp).collect::<Option<Vec<_>>>()?;
        Some(F::from_coords(&c))
    }

    fn encode_elem<F: Field>(e: &F) -> Vec<u8> {
        e.coords()
            .into_iter()
            .flat_map(|c| {
                let b = c.to_bytes_be();
                let mut out = vec![0u8; 64 - b.len()];
                out.extend(b);
                out
            })
            .collect()
    }

    /// EIP-2537's point: x ‖ y (G2: x.c0 ‖ x.c1 ‖ y.c0 ‖ y.c1), infinity as all zeros.
    fn encode_point<F: Field>(pt: &Point<F>) -> Vec<u8> {
        match pt {
            Point::Infinity => vec![0; 128 * F::M],
            Point::Affine(x, y) => [encode_elem(x), encode_elem(y)].concat(),
        }
    }

    // ---------------------------------------------------------------- the constants themselves

    #[test]
    fn constants_are_canonical() {
        let mut m = bls12_381_map_params();
        for (name, words) in constants_mut(&mut m) {
            if !name.ends_with("h_eff") {
                assert!(big(words) < *p(), "{name} is not below p");
            }
        }
    }

    /// An RFC 9380 Appendix E.3 value: "0xA + 0xB * I", "0xB * I" or "0xA".
    fn rfc_fp2(v: &str) -> [BigUint; 2] {
        if let Some((a, b)) = v.split_once(" + ") {
            [hex_int(a), hex_int(b.strip_suffix(" * I").expect("` * I`"))]
        } else if let Some(b) = v.strip_suffix(" * I") {
            [BigUint::from(0u8), hex_int(b)]
        } else {
            [hex_int(v), BigUint::from(0u8)]
        }
    }

    /// The values equal the lines of RFC 9380 kept in `testdata/rfc9380/bls12381_constants.txt`,
    /// with the RFC's indexing; the small G2 values are recomputed from their formulas.
    #[test]
    fn constants_match_the_rfc_text() {
        let m = bls12_381_map_params();
        let path = evm384_vectors::testdata("rfc9380/bls12381_constants.txt");
        let file = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut sections: Vec<(String, Vec<(String, String)>)> = Vec::new();
        for line in file.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            if let Some(title) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                sections.push((title.to_string(), Vec::new()));
            } else {
                let (k, v) = line.split_once(" = ").expect("`name = value`");
                sections.last_mut().expect("a [section] first").1.push((k.to_string(), v.to_string()));
            }
        }
        let titles: Vec<&str> = sections.iter().map(|s| s.0.as_str()).collect();
        assert_eq!(
            titles,
            [
                "RFC 9380 §8.8.1 BLS12381G1_XMD:SHA-256_SSWU_RO_",
                "RFC 9380 Appendix E.2 11-isogeny map for BLS12-381 G1",
                "RFC 9380 §8.8.2 BLS12381G2_XMD:SHA-256_SSWU_RO_",
                "RFC 9380 Appendix E.3 3-isogeny map for BLS12-381 G2",
            ]
        );
        let get = |s: usize, key: &str| -> &str {
            let found: Vec<&str> = sections[s].1.iter().filter(|(k, _)| k == key).map(|(_, v)| v.as_str()).collect();
            assert_eq!(found.len(), 1, "{key} in [{}]", sections[s].0);
            found[0]
        };

        // §8.8.1
        assert_eq!(get(0, "Z"), "11");
        assert_eq!(big(&m.g1_sswu_z), BigUint::from(11u8));
        assert_eq!(big(&m.g1_sswu_a), hex_int(get(0, "A'")));
        assert_eq!(big(&m.g1_sswu_b), hex_int(get(0, "B'")));
        assert_eq!(BigUint::from(m.g1_h_eff), hex_int(get(0, "h_eff")));
        // Appendix E.2: k_(j,i) is entry i of table j; nothing beyond the table
        let g1_tables: [&[Limbs]; 4] = [&m.g1_iso_x_num, &m.g1_iso_x_den, &m.g1_iso_y_num, &m.g1_iso_y_den];
        for (j, table) in (1..).zip(g1_tables) {
            for (i, c) in table.iter().enumerate() {
                assert_eq!(big(c), hex_int(get(1, &format!("k_({j},{i})"))), "G1 k_({j},{i})");
            }
        }
        assert_eq!(sections[1].1.len(), 12 + 10 + 16 + 15);

        // §8.8.2: A' = 240·I, B' = 1012·(1 + I), Z = -(2 + I)
        assert_eq!(get(2, "A'"), "240 * I");
        assert_eq!(get(2, "B'"), "1012 * (1 + I)");
        assert_eq!(get(2, "Z"), "-(2 + I)");
        assert_eq!(fp2(&m.g2_sswu_a), Fp2::small(240).mul(&Fp2::i()));
        assert_eq!(fp2(&m.g2_sswu_b), Fp2::small(1012).mul(&Fp2::one().add(&Fp2::i())));
        assert_eq!(fp2(&m.g2_sswu_z), Fp2::small(2).add(&Fp2::i()).neg());
        assert_eq!(big(&m.g2_h_eff), hex_int(get(2, "h_eff")));
        // Appendix E.3
        let g2_tables: [&[[Limbs; 2]]; 4] = [&m.g2_iso_x_num, &m.g2_iso_x_den, &m.g2_iso_y_num, &m.g2_iso_y_den];
        for (j, table) in (1..).zip(g2_tables) {
            for (i, c) in table.iter().enumerate() {
                assert_eq!([big(&c[0]), big(&c[1])], rfc_fp2(get(3, &format!("k_({j},{i})"))), "G2 k_({j},{i})");
            }
        }
        assert_eq!(sections[3].1.len(), 4 + 2 + 4 + 3);
    }

    /// G1: h_eff = 1 - z (RFC 9380 §8.8.1). G2: h_eff = 3·(z² - 1)·h₂ with the G2 cofactor
    /// h₂ = (z⁸ - 4z⁷ + 5z⁶ - 4z⁴ + 6z³ - 4z² - 4z + 13)/9 (the BLS12 family formula,
    /// draft-irtf-cfrg-pairing-friendly-curves), the scalar of Budroni–Pintore's method; that
    /// method itself is checked against h_eff·P in `g2_h_eff_is_the_budroni_pintore_method`.
    #[test]
    fn h_eff_follows_from_z() {
        let m = bls12_381_map_params();
        let c = crate::curves::bls12_381();
        assert!(c.z_negative);
        let z = -BigInt::from(c.z_abs);
        assert_eq!(BigInt::from(m.g1_h_eff), BigInt::from(1u8) - &z);
        let zp = |k: u32| z.pow(k);
        let h2_times_9 = zp(8) - 4 * zp(7) + 5 * zp(6) - 4 * zp(4) + 6 * zp(3) - 4 * zp(2) - 4 * &z + 13;
        assert_eq!(&h2_times_9 % 9, BigInt::from(0u8));
        let h_eff = 3 * (zp(2) - 1) * (h2_times_9 / 9);
        assert_eq!(BigInt::from(big(&m.g2_h_eff)), h_eff);
    }

    /// RFC 9380 Appendix G.3: clear_cofactor_bls12381_g2 via ψ, with ψ's constants
    /// 1/(1 + I)^((p-1)/3) and 1/(1 + I)^((p-1)/2), which are [`crate::curves`]'s ψ constants,
    /// equals h_eff·P.
    #[test]
    fn g2_h_eff_is_the_budroni_pintore_method() {
        let c = crate::curves::bls12_381();
        let suite = g2_suite(&bls12_381_map_params());
        let e = &suite.e;
        let (c1, c2) = (fp2(&c.psi_r2), fp2(&c.psi_s2));
        let psi = |pt: &Point<Fp2>| match pt {
            Point::Infinity => Point::Infinity,
            Point::Affine(x, y) => Point::Affine(c1.mul(&x.conj()), c2.mul(&y.conj())),
        };
        // z·P with z = -|z|
        let times_z = |pt: &Point<Fp2>| e.neg(&e.mul(pt, &BigUint::from(c.z_abs)));
        for u in [Fp2::small(1), Fp2(Fp::small(3), Fp::small(5)), Fp2(Fp::small(0), Fp::small(7))] {
            let pt = suite.map_to_curve(&u).unwrap();
            let t1 = times_z(&pt);
            let t2 = psi(&pt);
            let t3 = psi(&psi(&e.add(&pt, &pt)));
            let t3 = e.add(&t3, &e.neg(&t2));
            let t2 = times_z(&e.add(&t1, &t2));
            let t3 = e.add(&e.add(&t3, &t2), &e.neg(&t1));
            let q = e.add(&t3, &e.neg(&pt));
            assert_eq!(q, suite.clear_cofactor(&pt), "u = {u:?}");
            assert!(suite.in_subgroup(&q));
        }
    }

    /// Criteria 1-4 for Z of RFC 9380 §6.6.2 on E': y² = g(x).
    fn is_good_z<F: Field>(e: &Curve<F>, z: &F) -> bool {
        !z.is_square()
            && *z != F::one().neg()
            && cubic_has_no_root(&[e.b.sub(z), e.a.clone(), F::zero()])
            && e.g(&e.b.div(&z.mul(&e.a))).is_square()
    }

    /// A monic cubic x³ + f2·x² + f1·x + f0 (`f` = [f0, f1, f2]) is irreducible iff it has no
    /// root in F, iff gcd(x^q - x, f) = 1 (x^q - x is the product of all x - a, a ∈ F).
    fn cubic_has_no_root<F: Field>(f: &[F; 3]) -> bool {
        // a·b mod f on residues of degree < 3
        let mulmod = |a: &[F; 3], b: &[F; 3]| -> [F; 3] {
            let mut prod = vec![F::zero(); 5];
            for i in 0..3 {
                for j in 0..3 {
                    prod[i + j] = prod[i + j].add(&a[i].mul(&b[j]));
                }
            }
            for k in (3..5).rev() {
                let t = prod[k].clone();
                for (i, fi) in f.iter().enumerate() {
                    prod[k - 3 + i] = prod[k - 3 + i].sub(&t.mul(fi));
                }
            }
            [prod[0].clone(), prod[1].clone(), prod[2].clone()]
        };
        let x = [F::zero(), F::one(), F::zero()];
        let q = F::order();
        let mut acc = [F::one(), F::zero(), F::zero()];
        for i in (0..q.bits()).rev() {
            acc = mulmod(&acc, &acc);
            if q.bit(i) {
                acc = mulmod(&acc, &x);
            }
        }
        // gcd(f, x^q - x) by Euclid on coefficient vectors (lowest degree first, no trailing zero)
        let trim = |mut v: Vec<F>| {
            while v.last().is_some_and(|c| c.is_zero()) {
                v.pop();
            }
            v
        };
        let rem = |a: &[F], b: &[F]| -> Vec<F> {
            let mut r = a.to_vec();
            let lead_inv = b.last().expect("non-zero divisor").inv0();
            while r.len() >= b.len() {
                let t = r.last().unwrap().mul(&lead_inv);
                let shift = r.len() - b.len();
                for (i, bi) in b.iter().enumerate() {
                    r[shift + i] = r[shift + i].sub(&t.mul(bi));
                }
                r.pop();
                r = trim(r);
            }
            r
        };
        let mut a = vec![f[0].clone(), f[1].clone(), f[2].clone(), F::one()];
        let mut b = trim(vec![acc[0].clone(), acc[1].sub(&F::one()), acc[2].clone()]);
        while !b.is_empty() {
            let next = rem(&a, &b);
            a = b;
            b = next;
        }
        a.len() == 1
    }

    /// The search of RFC 9380 Appendix H.2 (find_z_sswu): candidates ctr, -ctr for
    /// ctr = gen, gen + 1, …, the first meeting criteria 1-4.
    fn find_z<F: Field>(e: &Curve<F>, gen: F) -> F {
        let mut ctr = gen;
        for _ in 0..64 {
            for cand in [ctr.clone(), ctr.neg()] {
                if is_good_z(e, &cand) {
                    return cand;
                }
            }
            ctr = ctr.add(&F::one());
        }
        panic!("no Z found")
    }

    /// Z is the RFC's choice: the first candidate meeting the criteria in Appendix H.2's order
    /// (F.gen() is 1 in Fp, I in Fp2).
    #[test]
    fn z_is_the_first_good_candidate() {
        let m = bls12_381_map_params();
        let (g1, g2) = (g1_suite(&m), g2_suite(&m));
        assert!(is_good_z(&g1.e_prime, &g1.z) && is_good_z(&g2.e_prime, &g2.z));
        assert_eq!(find_z(&g1.e_prime, Fp::one()), g1.z);
        assert_eq!(find_z(&g2.e_prime, Fp2::i()), g2.z);
        // the irreducibility test sees roots: (x - 1)(x - 2)(x - 3) = x³ - 6x² + 11x - 6
        assert!(!cubic_has_no_root(&[Fp::small(6).neg(), Fp::small(11), Fp::small(6).neg()]));
        assert!(!cubic_has_no_root(&[Fp2::small(6).neg(), Fp2::small(11), Fp2::small(6).neg()]));
    }

    // ---------------------------------------------------------------- the model's own checks

    #[test]
    fn field_model_is_consistent() {
        fn check<F: Field>(samples: &[F]) {
            let euler = (F::order() - 1u8) >> 1;
            let mut squares = 0;
            for x in samples {
                let is_sq = x.pow(&euler) == F::one() || x.is_zero();
                assert_eq!(x.is_square(), is_sq, "{x:?}");
                assert_eq!(x.sqrt().is_some(), is_sq, "{x:?}");
                if let Some(s) = x.sqrt() {
                    assert_eq!(s.square(), *x);
                    squares += 1;
                }
                if !x.is_zero() {
                    assert_eq!(x.mul(&x.inv0()), F::one());
                }
            }
            assert!(squares > 0 && squares < samples.len(), "samples of both kinds");
            assert_eq!(F::zero().inv0(), F::zero());
        }
        check(&(0..12).map(Fp::small).collect::<Vec<_>>());
        check(&(0..12).map(|i| Fp2(Fp::small(i), Fp::small(3 * i + 1))).collect::<Vec<_>>());
        // sgn0 (RFC 9380 §4.1)
        let s = |a: u64, b: u64| Fp2(Fp::small(a), Fp::small(b)).sgn0();
        assert!(s(1, 0) && s(0, 1) && s(1, 2) && !s(2, 1) && !s(0, 0) && !s(0, 2));
        assert!(!Fp::small(1).neg().sgn0() && Fp::small(2).neg().sgn0());
    }

    /// Both isogenies map points of E' (from the SWU map, including u = 0, the exceptional
    /// case) onto E, and are group homomorphisms on them.
    #[test]
    fn isogenies_map_e_prime_onto_e() {
        fn check<F: Field>(suite: &Suite<F>, us: &[F]) {
            assert_eq!(suite.e.a, F::zero());
            let pts: Vec<Point<F>> = us.iter().map(|u| suite.simple_swu(u).expect("square root")).collect();
            for (i, pt) in pts.iter().enumerate() {
                assert!(suite.e_prime.contains(pt), "SWU({:?}) on E'", us[i]);
                let img = suite.iso.map(pt);
                assert!(matches!(img, Point::Affine(..)) && suite.e.contains(&img), "iso(SWU({:?})) on E", us[i]);
                let other = &pts[(i + 1) % pts.len()];
                let sum = suite.e_prime.add(pt, other);
                assert_eq!(suite.iso.map(&sum), suite.e.add(&img, &suite.iso.map(other)));
                assert_eq!(suite.iso.map(&suite.e_prime.add(pt, pt)), suite.e.add(&img, &img));
                assert_eq!(suite.iso.map(&suite.e_prime.neg(pt)), suite.e.neg(&img));
            }
        }
        let m = bls12_381_map_params();
        check(&g1_suite(&m), &[0, 1, 2, 3, 5, 1_234_567].map(Fp::small));
        check(
            &g2_suite(&m),
            &[(0, 0), (1, 0), (0, 1), (3, 7), (12_345, 678)].map(|(a, b)| Fp2(Fp::small(a), Fp::small(b))),
        );
    }

    // ---------------------------------------------------------------- RFC 9380 vectors

    /// RFC 9380 Appendix K.1 and K.2: expand_message_xmd(SHA-256), short and long DST.
    #[test]
    fn expand_message_xmd_vectors() {
        let mut n = 0;
        for file in ["expand_message_xmd_sha256.json", "expand_message_xmd_sha256_long_dst.json"] {
            let j = rfc9380_json(file);
            assert_eq!((text(&j, "name"), text(&j, "hash")), ("expand_message_xmd", "SHA256"));
            let dst = text(&j, "DST").as_bytes();
            for t in j["tests"].as_array().expect("tests") {
                let msg = text(t, "msg").as_bytes();
                let len = usize::from_str_radix(text(t, "len_in_bytes").trim_start_matches("0x"), 16).unwrap();
                let dp = dst_prime(dst);
                assert_eq!(hex::encode(&dp), text(t, "DST_prime"), "{file}");
                assert_eq!(hex::encode(msg_prime(msg, len, &dp)), text(t, "msg_prime"), "{file}");
                assert_eq!(hex::encode(expand_message_xmd(msg, dst, len)), text(t, "uniform_bytes"), "{file}");
                n += 1;
            }
        }
        assert_eq!(n, 20);
    }

    /// One RFC 9380 Appendix J suite file: hash_to_field (u), map_to_curve (Q0, Q1 or Q),
    /// clear_cofactor of their sum (P); `ro`: hash_to_curve, else encode_to_curve.
    fn check_suite_vectors<F: Field>(suite: &Suite<F>, file: &str, ro: bool) -> usize {
        let j = rfc9380_json(file);
        assert_eq!(hex_int(text(&j["field"], "p")), *p());
        assert_eq!(hex_int(text(&j["field"], "m")), BigUint::from(F::M));
        assert_eq!(hex_int(text(&j, "L")), BigUint::from(l_bytes()));
        assert_eq!(elem::<F>(text(&j, "Z")), suite.z);
        assert_eq!(j["randomOracle"].as_bool(), Some(ro));
        let dst = text(&j, "dst").as_bytes();
        let q_keys: &[&str] = if ro { &["Q0", "Q1"] } else { &["Q"] };
        let cases = j["vectors"].as_array().expect("vectors");
        for case in cases {
            let msg = text(case, "msg");
            let us: Vec<F> = hash_to_field(msg.as_bytes(), dst, q_keys.len());
            let want_u: Vec<F> = case["u"].as_array().unwrap().iter().map(|s| elem(s.as_str().unwrap())).collect();
            assert_eq!(us, want_u, "{file} msg {msg:?}: u");
            let mut sum = Point::Infinity;
            for (u, key) in us.iter().zip(q_keys) {
                let q = suite.map_to_curve(u).expect("square root");
                assert_eq!(q, point(&case[*key]), "{file} msg {msg:?}: {key}");
                sum = suite.e.add(&sum, &q);
            }
            let pt = suite.clear_cofactor(&sum);
            assert_eq!(pt, point(&case["P"]), "{file} msg {msg:?}: P");
            assert!(suite.in_subgroup(&pt));
        }
        cases.len()
    }

    /// RFC 9380 Appendix J.9.1 (BLS12381G1_XMD:SHA-256_SSWU_RO_), J.9.2 (…_NU_).
    #[test]
    fn g1_suite_vectors() {
        let suite = g1_suite(&bls12_381_map_params());
        assert_eq!(check_suite_vectors(&suite, "bls12381g1_xmd_sha256_sswu_ro.json", true), 5);
        assert_eq!(check_suite_vectors(&suite, "bls12381g1_xmd_sha256_sswu_nu.json", false), 5);
    }

    /// RFC 9380 Appendix J.10.1 (BLS12381G2_XMD:SHA-256_SSWU_RO_), J.10.2 (…_NU_).
    #[test]
    fn g2_suite_vectors() {
        let suite = g2_suite(&bls12_381_map_params());
        assert_eq!(check_suite_vectors(&suite, "bls12381g2_xmd_sha256_sswu_ro.json", true), 5);
        assert_eq!(check_suite_vectors(&suite, "bls12381g2_xmd_sha256_sswu_nu.json", false), 5);
    }

    // ---------------------------------------------------------------- EIP-2537 vectors

    /// Every shipped MAP_FP_TO_G1 / MAP_FP2_TO_G2 file: success cases give Expected =
    /// encode(clear_cofactor(map_to_curve(u))), failure cases have an input that does not decode.
    fn check_eip_vectors<F: Field>(suite: &Suite<F>, op: Operation) -> (usize, usize) {
        let (mut ok, mut rejected) = (0, 0);
        for (file, cases) in load_operation_files(op).expect("vector files") {
            for case in cases {
                match &case.expected {
                    Expected::Output(out) => {
                        let u: F = decode_elem(&case.input).unwrap_or_else(|| panic!("{file} {}: input", case.name));
                        let pt = suite.eip_map(&u).expect("square root");
                        assert_eq!(hex::encode(encode_point(&pt)), hex::encode(out), "{file} {}", case.name);
                        assert!(suite.in_subgroup(&pt), "{file} {}", case.name);
                        ok += 1;
                    }
                    Expected::Error(_) => {
                        assert!(decode_elem::<F>(&case.input).is_none(), "{file} {}", case.name);
                        rejected += 1;
                    }
                }
            }
        }
        (ok, rejected)
    }

    #[test]
    fn eip2537_map_fp_to_g1_vectors() {
        let suite = g1_suite(&bls12_381_map_params());
        assert_eq!(check_eip_vectors(&suite, Operation::MapFpToG1), (5 + 105, 5 + 5));
    }

    #[test]
    fn eip2537_map_fp2_to_g2_vectors() {
        let suite = g2_suite(&bls12_381_map_params());
        assert_eq!(check_eip_vectors(&suite, Operation::MapFp2ToG2), (5 + 105, 5 + 5));
    }

    /// The EIP's own five cases per map are RFC 9380's encode_to_curve vectors (J.9.2, J.10.2):
    /// Input = u, Expected = P, and the case name carries the message's first 8 bytes in hex.
    #[test]
    fn eip2537_inputs_are_the_rfc_encode_to_curve_vectors() {
        fn check<F: Field>(eip_file: &str, rfc_file: &str, prefix: &str) {
            let eip = load(&testdata_dir().join("eip2537/eips-assets").join(eip_file)).expect("EIP file");
            let rfc = rfc9380_json(rfc_file);
            let vectors = rfc["vectors"].as_array().unwrap();
            assert_eq!(eip.len(), vectors.len());
            for (case, v) in eip.iter().zip(vectors) {
                let msg = text(v, "msg").as_bytes();
                assert_eq!(case.name, format!("{prefix}{}", hex::encode(&msg[..msg.len().min(8)])));
                let u: F = elem(v["u"][0].as_str().unwrap());
                assert_eq!(case.input, encode_elem(&u), "{}", case.name);
                assert_eq!(case.expected, Expected::Output(encode_point(&point::<F>(&v["P"]))), "{}", case.name);
            }
        }
        check::<Fp>("map_fp_to_G1_bls.json", "bls12381g1_xmd_sha256_sswu_nu.json", "bls_g1map_");
        check::<Fp2>("map_fp2_to_G2_bls.json", "bls12381g2_xmd_sha256_sswu_nu.json", "bls_g2map_");
    }

    // ---------------------------------------------------------------- every constant matters

    /// Every constant of `m` as (name, words), Fp2 values as their two coordinates. The
    /// destructuring names every field: a field added to [`MapParams`] and not listed here does
    /// not compile.
    fn constants_mut(m: &mut MapParams) -> Vec<(String, &mut [u64])> {
        let MapParams {
            g1_sswu_a,
            g1_sswu_b,
            g1_sswu_z,
            g1_iso_x_num,
            g1_iso_x_den,
            g1_iso_y_num,
            g1_iso_y_den,
            g1_h_eff,
            g2_sswu_a,
            g2_sswu_b,
            g2_sswu_z,
            g2_iso_x_num,
            g2_iso_x_den,
            g2_iso_y_num,
            g2_iso_y_den,
            g2_h_eff,
        } = m;
        let mut out: Vec<(String, &mut [u64])> = vec![
            ("g1_sswu_a".into(), g1_sswu_a.as_mut_slice()),
            ("g1_sswu_b".into(), g1_sswu_b.as_mut_slice()),
            ("g1_sswu_z".into(), g1_sswu_z.as_mut_slice()),
            ("g1_h_eff".into(), std::slice::from_mut(g1_h_eff)),
            ("g2_h_eff".into(), g2_h_eff.as_mut_slice()),
        ];
        let g1_tables: [(&str, &mut [Limbs]); 4] = [
            ("g1_iso_x_num", g1_iso_x_num),
            ("g1_iso_x_den", g1_iso_x_den),
            ("g1_iso_y_num", g1_iso_y_num),
            ("g1_iso_y_den", g1_iso_y_den),
        ];
        for (name, table) in g1_tables {
            for (i, c) in table.iter_mut().enumerate() {
                out.push((format!("{name}[{i}]"), c.as_mut_slice()));
            }
        }
        let g2_values: [(&str, &mut [[Limbs; 2]]); 7] = [
            ("g2_sswu_a", std::slice::from_mut(g2_sswu_a)),
            ("g2_sswu_b", std::slice::from_mut(g2_sswu_b)),
            ("g2_sswu_z", std::slice::from_mut(g2_sswu_z)),
            ("g2_iso_x_num", g2_iso_x_num),
            ("g2_iso_x_den", g2_iso_x_den),
            ("g2_iso_y_num", g2_iso_y_num),
            ("g2_iso_y_den", g2_iso_y_den),
        ];
        for (name, table) in g2_values {
            for (i, [c0, c1]) in table.iter_mut().enumerate() {
                out.push((format!("{name}[{i}].c0"), c0.as_mut_slice()));
                out.push((format!("{name}[{i}].c1"), c1.as_mut_slice()));
            }
        }
        out
    }

    /// The first case of an RFC 9380 hash_to_curve file, from its u: Q0, Q1 and P.
    fn first_case_passes<F: Field>(suite: &Suite<F>, vectors: &Value) -> bool {
        let case = &vectors["vectors"][0];
        let mut sum = Point::Infinity;
        for (i, key) in ["Q0", "Q1"].into_iter().enumerate() {
            let u: F = elem(case["u"][i].as_str().unwrap());
            match suite.map_to_curve(&u) {
                Some(q) if q == point(&case[key]) => sum = suite.e.add(&sum, &q),
                _ => return false,
            }
        }
        suite.clear_cofactor(&sum) == point(&case["P"])
    }

    /// Adding 1 to any one constant (a coordinate of an Fp2 value, a word of h_eff) makes the
    /// model miss the first RFC 9380 hash_to_curve vector of G1 or G2: every constant is used,
    /// and the vectors pin it.
    #[test]
    fn every_constant_is_checked_by_the_vectors() {
        let (v1, v2) =
            (rfc9380_json("bls12381g1_xmd_sha256_sswu_ro.json"), rfc9380_json("bls12381g2_xmd_sha256_sswu_ro.json"));
        let passes = |m: &MapParams| first_case_passes(&g1_suite(m), &v1) && first_case_passes(&g2_suite(m), &v2);
        let original = bls12_381_map_params();
        assert!(passes(&original));
        let count = constants_mut(&mut original.clone()).len();
        assert_eq!(count, 3 + (12 + 10 + 16 + 15) + 1 + 2 * (3 + 4 + 2 + 4 + 3) + 1);
        for k in 0..count {
            let mut m = original.clone();
            let name = {
                let mut list = constants_mut(&mut m);
                let (name, words) = &mut list[k];
                words[0] = words[0].wrapping_add(1);
                name.clone()
            };
            assert!(!passes(&m), "{name} + 1 still passes");
        }
    }
}
