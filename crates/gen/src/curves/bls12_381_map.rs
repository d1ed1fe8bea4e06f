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
//!   `_NU_` suites' test vectors (`tests::vectors::eip2537_inputs_are_the_rfc_encode_to_curve_vectors`);
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
//! every constant is shown to matter by perturbing it
//! (`tests::perturbation::every_constant_is_checked_by_the_vectors`).

use evm384_arith::Limbs;

/// The constants of the maps to G1 and G2 of BLS12-381 (RFC 9380 §8.8).
///
/// The isogeny maps (RFC 9380 Appendix E) send (x', y') on E' to (x, y) on E with
/// x = x_num(x') / x_den(x') and y = y' · y_num(x') / y_den(x'); the denominators are monic and
/// their leading coefficient 1 is implicit (not stored), as in the RFC's tables. An input where a
/// denominator vanishes maps to the point at infinity (RFC 9380 §6.6.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MapParams {
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
pub(crate) fn bls12_381_map_params() -> MapParams {
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
mod tests;
