// Writes a gnark Groth16 key, proof and public witness over BN254 in gnark's own
// serialisations, for evm384's tests (testdata/groth16/gnark/README.md).
package main

import (
	"bytes"
	"fmt"
	"os"

	"github.com/consensys/gnark-crypto/ecc"
	"github.com/consensys/gnark/backend/groth16"
	groth16bn254 "github.com/consensys/gnark/backend/groth16/bn254"
	"github.com/consensys/gnark/frontend"
	"github.com/consensys/gnark/frontend/cs/r1cs"
)

// Circuit: X³ + X + 5 = Y, X·Y = Z, X + Z = W; Y, Z and W public, X secret.
type Circuit struct {
	X frontend.Variable
	Y frontend.Variable `gnark:",public"`
	Z frontend.Variable `gnark:",public"`
	W frontend.Variable `gnark:",public"`
}

func (c *Circuit) Define(api frontend.API) error {
	x3 := api.Mul(c.X, c.X, c.X)
	api.AssertIsEqual(c.Y, api.Add(x3, c.X, 5))
	api.AssertIsEqual(c.Z, api.Mul(c.X, c.Y))
	api.AssertIsEqual(c.W, api.Add(c.X, c.Z))
	return nil
}

func write(name string, f func(*bytes.Buffer) error) {
	var b bytes.Buffer
	if err := f(&b); err != nil {
		panic(err)
	}
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		panic(err)
	}
	fmt.Printf("%s: %d bytes\n", name, b.Len())
}

func main() {
	ccs, err := frontend.Compile(ecc.BN254.ScalarField(), r1cs.NewBuilder, &Circuit{})
	if err != nil {
		panic(err)
	}
	pk, vk, err := groth16.Setup(ccs)
	if err != nil {
		panic(err)
	}
	x := 3
	y := x*x*x + x + 5
	assignment := Circuit{X: x, Y: y, Z: x * y, W: x + x*y}
	full, err := frontend.NewWitness(&assignment, ecc.BN254.ScalarField())
	if err != nil {
		panic(err)
	}
	public, err := full.Public()
	if err != nil {
		panic(err)
	}
	proof, err := groth16.Prove(ccs, pk, full)
	if err != nil {
		panic(err)
	}
	if err := groth16.Verify(proof, vk, public); err != nil {
		panic(err)
	}
	write("verifying_key.bin", func(b *bytes.Buffer) error { _, err := vk.WriteTo(b); return err })
	write("verifying_key.raw.bin", func(b *bytes.Buffer) error { _, err := vk.WriteRawTo(b); return err })
	write("proof.bin", func(b *bytes.Buffer) error { _, err := proof.WriteTo(b); return err })
	write("proof.solidity.bin", func(b *bytes.Buffer) error {
		_, err := b.Write(proof.(*groth16bn254.Proof).MarshalSolidity())
		return err
	})
	write("public_witness.bin", func(b *bytes.Buffer) error { _, err := public.WriteTo(b); return err })
	fmt.Println("gnark verified the proof")
}
