//! Every shipped EIP-2537 vector file, for all seven operations, through revm's precompiles
//! 0x0b..0x11 in our runner: success cases return exactly `Expected` at exactly `Gas`, failure
//! cases fail. (The contracts of the later operations will be held to the same files.)

use evm384_evm::{Address, RunOptions, Runner, Status};
use evm384_vectors::{load_operation_files, Expected, Operation};

#[test]
fn every_operation_vector_through_revm_precompiles() {
    let mut r = Runner::new(RunOptions { count_opcodes: false, ..Default::default() });
    let mut counts = Vec::new();
    for op in Operation::ALL {
        let mut address = [0u8; 20];
        address[19] = op.address_byte();
        let address = Address::new(address);
        let (mut ok, mut failed) = (0, 0);
        for (file, cases) in load_operation_files(op).unwrap() {
            for case in cases {
                let e = r.call(address, &case.input).unwrap();
                match &case.expected {
                    Expected::Output(out) => {
                        assert_eq!(e.status, Status::Success, "{file} {}", case.name);
                        assert_eq!(&e.output, out, "{file} {}", case.name);
                        if let Some(gas) = case.gas {
                            assert_eq!(e.gas_used, gas, "{file} {}: gas", case.name);
                        }
                        ok += 1;
                    }
                    Expected::Error(_) => {
                        assert_ne!(e.status, Status::Success, "{file} {}", case.name);
                        failed += 1;
                    }
                }
            }
        }
        assert!(ok > 0 && failed > 0, "{}: {ok} success, {failed} failure cases", op.name());
        counts.push((op.name(), ok, failed));
    }
    eprintln!("vectors through revm's precompiles (success, failure): {counts:?}");
}
