//! Installs the IFMA PAIRING_CHECK into a mainnet revm `Evm` and calls 0x0f with a two-pair
//! input whose product is one: `cargo run --release -p evm384-precompile --example install`.
use blst::blst_p2_affine_generator;
use blst::{blst_p1, blst_p1_affine, blst_p1_affine_generator, blst_p1_cneg, blst_p1_from_affine, blst_p1_to_affine};
use evm384_precompile::{backend, encode_pair, eth_precompiles, gas, pairing_check, PAIRING_CHECK};
use revm::context::{BlockEnv, CfgEnv, Context, Journal, TxEnv};
use revm::database::{CacheDB, EmptyDB};
use revm::primitives::hardfork::SpecId;
use revm::primitives::{Address, Bytes, TxKind};
use revm::{ExecuteEvm, MainBuilder};

fn main() {
    // e(G1, G2) · e(−G1, G2) = 1, as EIP-2537 calldata (two 384-byte pairs)
    // SAFETY: blst reads its static generators and writes the locals.
    let (g1, g2, neg_g1) = unsafe {
        let (g1, g2) = (*blst_p1_affine_generator(), *blst_p2_affine_generator());
        let mut p = blst_p1::default();
        blst_p1_from_affine(&mut p, &g1);
        blst_p1_cneg(&mut p, true);
        let mut neg_g1 = blst_p1_affine::default();
        blst_p1_to_affine(&mut neg_g1, &p);
        (g1, g2, neg_g1)
    };
    let input = [encode_pair(&g1, &g2), encode_pair(&neg_g1, &g2)].concat();

    // 1. The function itself, as revm's precompile signature has it.
    let out = pairing_check(&input, gas(2)).expect("a valid input");
    println!("pairing_check: gas {}, output ends in {} (backend {:?})", out.gas_used, out.bytes[31], backend());

    // 2. Inside a mainnet revm Evm: the one line that installs it.
    let spec = SpecId::OSAKA;
    type Db = CacheDB<EmptyDB>;
    let ctx: Context<BlockEnv, TxEnv, CfgEnv, Db, Journal<Db>, ()> =
        Context::new(CacheDB::new(EmptyDB::new()), spec).modify_block_chained(|block: &mut BlockEnv| block.basefee = 0);
    let mut evm = ctx.build_mainnet();
    evm.precompiles = eth_precompiles(spec); // revm's set for the spec, 0x0f replaced
    let tx = TxEnv::builder()
        .caller(Address::with_last_byte(0xca))
        .kind(TxKind::Call(PAIRING_CHECK.address().to_owned()))
        .data(Bytes::from(input))
        .gas_price(0)
        .gas_limit(1_000_000)
        .build_fill();
    let result = evm.transact(tx).expect("the transaction runs").result;
    println!("revm call to {}: success {}, output {:?}", PAIRING_CHECK.address(), result.is_success(), result.output());
}
