//! End-to-end tests of `runtime::pjrt` on a real PJRT plugin (the XLA CPU plugin that
//! `scripts/setup_python.sh` installs into `.venv`). Without a plugin every test prints a
//! note and passes.

use runtime::{ElementType, Executable, HostTensor, Pjrt, RuntimeError};
use std::sync::OnceLock;

fn pjrt() -> Option<&'static Pjrt> {
    static PJRT: OnceLock<Option<Pjrt>> = OnceLock::new();
    PJRT.get_or_init(|| match runtime::find_plugin(None) {
        Ok(path) => match Pjrt::load(&path) {
            Ok(p) => {
                eprintln!("using {}", p.describe());
                Some(p)
            }
            Err(e) => panic!(
                "a PJRT plugin was found at {} but does not load: {e}",
                path.display()
            ),
        },
        Err(e) => {
            eprintln!("note: skipping PJRT tests: {e}");
            None
        }
    })
    .as_ref()
}

fn compile(p: &Pjrt, text: &str) -> Executable {
    match p.compile(text) {
        Ok(e) => e,
        Err(e) => panic!("compile failed: {e}\n{text}"),
    }
}

fn run(exe: &Executable, inputs: &[HostTensor]) -> Vec<HostTensor> {
    match exe.execute(inputs) {
        Ok(r) => r,
        Err(e) => panic!("execute failed: {e}"),
    }
}

fn t<T: runtime::Element>(dims: &[i64], v: &[T]) -> HostTensor {
    HostTensor::from_slice(dims, v).unwrap()
}

const ADD_MUL_SLICE: &str = r#"
module @add_mul_slice {
  func.func public @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<2xf32>) {
    %0 = stablehlo.add %a, %b : tensor<4xf32>
    %1 = stablehlo.multiply %0, %b : tensor<4xf32>
    %2 = stablehlo.slice %1 [1:3] : (tensor<4xf32>) -> tensor<2xf32>
    return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<2xf32>
  }
}
"#;

#[test]
fn f32_add_multiply_slice() {
    let Some(p) = pjrt() else { return };
    let exe = compile(p, ADD_MUL_SLICE);
    assert_eq!(exe.num_outputs(), 3);
    let out = run(
        &exe,
        &[
            t(&[4], &[1.0f32, 2.0, 3.0, 4.0]),
            t(&[4], &[0.5f32, -1.0, 2.0, 10.0]),
        ],
    );
    assert_eq!(out.len(), 3);
    assert_eq!(out[0].element, ElementType::F32);
    assert_eq!(out[0].dims, vec![4]);
    assert_eq!(out[0].to_vec::<f32>().unwrap(), vec![1.5, 1.0, 5.0, 14.0]);
    assert_eq!(
        out[1].to_vec::<f32>().unwrap(),
        vec![0.75, -1.0, 10.0, 140.0]
    );
    assert_eq!(out[2].dims, vec![2]);
    assert_eq!(out[2].to_vec::<f32>().unwrap(), vec![-1.0, 10.0]);
}

#[test]
fn f64_arithmetic() {
    let Some(p) = pjrt() else { return };
    let exe = compile(
        p,
        r#"
func.func @main(%x: tensor<3xf64>, %y: tensor<f64>) -> tensor<3xf64> {
  %yb = stablehlo.broadcast_in_dim %y, dims = [] : (tensor<f64>) -> tensor<3xf64>
  %0 = stablehlo.divide %x, %yb : tensor<3xf64>
  %1 = stablehlo.sqrt %x : tensor<3xf64>
  %2 = stablehlo.add %0, %1 : tensor<3xf64>
  return %2 : tensor<3xf64>
}"#,
    );
    let out = run(
        &exe,
        &[t(&[3], &[4.0f64, 9.0, 1e10]), HostTensor::scalar(3.0f64)],
    );
    let got = out[0].to_vec::<f64>().unwrap();
    // Exact in f64: 4/3 + 2, 9/3 + 3, 1e10/3 + 1e5.
    assert_eq!(got, vec![4.0 / 3.0 + 2.0, 6.0, 1e10 / 3.0 + 1e5]);
}

#[test]
fn i32_arithmetic_compare_select() {
    let Some(p) = pjrt() else { return };
    let exe = compile(
        p,
        r#"
func.func @main(%a: tensor<2x3xi32>, %b: tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi1>, tensor<2x3xi32>) {
  %0 = stablehlo.multiply %a, %b : tensor<2x3xi32>
  %1 = stablehlo.compare GT, %a, %b, SIGNED : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
  %2 = stablehlo.select %1, %a, %b : tensor<2x3xi1>, tensor<2x3xi32>
  %3 = stablehlo.shift_left %2, %a : tensor<2x3xi32>
  return %0, %1, %3 : tensor<2x3xi32>, tensor<2x3xi1>, tensor<2x3xi32>
}"#,
    );
    let a = [1i32, -2, 3, 4, 0, 2];
    let b = [5i32, -7, 3, -1, 9, 1];
    let out = run(&exe, &[t(&[2, 3], &a), t(&[2, 3], &b)]);
    assert_eq!(out[0].dims, vec![2, 3]);
    assert_eq!(out[0].to_vec::<i32>().unwrap(), vec![5, 14, 9, -4, 0, 2]);
    assert_eq!(out[1].element, ElementType::Pred);
    assert_eq!(
        out[1].to_vec::<bool>().unwrap(),
        vec![false, true, false, true, false, true]
    );
    // max(a, b) << a, with XLA's rule that shifts by >= 32 or negative amounts give 0.
    let expect: Vec<i32> = a
        .iter()
        .zip(&b)
        .map(|(&x, &y)| {
            let m = x.max(y);
            if (0..32).contains(&x) {
                m.wrapping_shl(x as u32)
            } else {
                0
            }
        })
        .collect();
    assert_eq!(out[2].to_vec::<i32>().unwrap(), expect);
}

#[test]
fn tuple_of_mixed_results_and_row_major_transpose() {
    let Some(p) = pjrt() else { return };
    let exe = compile(
        p,
        r#"
func.func @main(%m: tensor<2x3xf32>, %k: tensor<i64>) -> (tensor<3x2xf32>, tensor<f32>, tensor<i64>, tensor<2xui8>) {
  %t = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%m init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %k1 = stablehlo.add %k, %one : tensor<i64>
  %c = stablehlo.constant dense<[7, 255]> : tensor<2xui8>
  return %t, %s, %k1, %c : tensor<3x2xf32>, tensor<f32>, tensor<i64>, tensor<2xui8>
}"#,
    );
    assert_eq!(exe.num_outputs(), 4);
    let out = run(
        &exe,
        &[
            t(&[2, 3], &[1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0]),
            HostTensor::scalar(41i64),
        ],
    );
    assert_eq!(out.len(), 4);
    assert_eq!(out[0].dims, vec![3, 2]);
    assert_eq!(
        out[0].to_vec::<f32>().unwrap(),
        vec![1.0, 4.0, 2.0, 5.0, 3.0, 6.0]
    );
    assert!(out[1].dims.is_empty());
    assert_eq!(out[1].to_vec::<f32>().unwrap(), vec![21.0]);
    assert_eq!(out[2].to_vec::<i64>().unwrap(), vec![42]);
    assert_eq!(out[3].element, ElementType::U8);
    assert_eq!(out[3].to_vec::<u8>().unwrap(), vec![7, 255]);
}

/// Every element type goes to the device and back unchanged (through a reverse, so the
/// result is a fresh buffer).
#[test]
fn every_element_type_round_trips() {
    let Some(p) = pjrt() else { return };
    for ty in ElementType::ALL {
        let m = ty.mlir_name();
        let text = format!(
            "func.func @main(%a: tensor<2x3x{m}>) -> tensor<2x3x{m}> {{\n\
               %0 = stablehlo.reverse %a, dims = [1] : tensor<2x3x{m}>\n\
               return %0 : tensor<2x3x{m}>\n}}"
        );
        let exe = compile(p, &text);
        let es = ty.byte_size();
        let data: Vec<u8> = (0..6 * es)
            .map(|i| {
                if ty == ElementType::Pred {
                    (i % 2) as u8
                } else {
                    (i * 37 % 251) as u8
                }
            })
            .collect();
        let input = HostTensor::new(ty, vec![2, 3], data.clone()).unwrap();
        let out = run(&exe, &[input]);
        assert_eq!(out[0].element, ty);
        assert_eq!(out[0].dims, vec![2, 3]);
        let mut expect = Vec::new();
        for row in 0..2 {
            for col in (0..3).rev() {
                let at = (row * 3 + col) * es;
                expect.extend_from_slice(&data[at..at + es]);
            }
        }
        assert_eq!(out[0].data, expect, "{ty}");
    }
}

#[test]
fn f16_and_bf16_arithmetic() {
    let Some(p) = pjrt() else { return };
    let exe = compile(
        p,
        r#"
func.func @main(%a: tensor<2xf16>, %b: tensor<2xbf16>) -> (tensor<2xf16>, tensor<2xbf16>) {
  %0 = stablehlo.add %a, %a : tensor<2xf16>
  %1 = stablehlo.multiply %b, %b : tensor<2xbf16>
  return %0, %1 : tensor<2xf16>, tensor<2xbf16>
}"#,
    );
    // f16: 1.5 = 0x3e00, -2.0 = 0xc000; bf16: 3.0 = 0x4040, 0.5 = 0x3f00.
    let a = HostTensor::from_bits16(ElementType::F16, &[2], &[0x3e00, 0xc000]).unwrap();
    let b = HostTensor::from_bits16(ElementType::BF16, &[2], &[0x4040, 0x3f00]).unwrap();
    let out = run(&exe, &[a, b]);
    assert_eq!(out[0].element, ElementType::F16);
    assert_eq!(out[0].to_vec::<u16>().unwrap(), vec![0x4200, 0xc400]); // 3.0, -4.0
    assert_eq!(out[1].element, ElementType::BF16);
    assert_eq!(out[1].to_vec::<u16>().unwrap(), vec![0x4110, 0x3e80]); // 9.0, 0.25
}

#[test]
fn generic_form_and_empty_tensors() {
    let Some(p) = pjrt() else { return };
    let exe = compile(
        p,
        r#"
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<0xf32>, tensor<2xf32>) -> (tensor<0xf32>, tensor<2xf32>), sym_name = "main"}> ({
  ^bb0(%e: tensor<0xf32>, %x: tensor<2xf32>):
    %0 = "stablehlo.negate"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    "func.return"(%e, %0) : (tensor<0xf32>, tensor<2xf32>) -> ()
  }) : () -> ()
}) : () -> ()
"#,
    );
    let out = run(&exe, &[t::<f32>(&[0], &[]), t(&[2], &[1.0f32, -2.0])]);
    assert_eq!(out[0].dims, vec![0]);
    assert!(out[0].data.is_empty());
    assert_eq!(out[1].to_vec::<f32>().unwrap(), vec![-1.0, 2.0]);
}

fn expect_err<T: std::fmt::Debug>(r: Result<T, RuntimeError>) -> String {
    match r {
        Ok(v) => panic!("expected an error, got {v:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn invalid_modules_give_errors() {
    let Some(p) = pjrt() else { return };
    let msg = expect_err(p.compile("this is not MLIR"));
    assert!(msg.contains("PJRT_Client_Compile"), "{msg}");
    eprintln!("parse error: {msg}");

    // Well-formed syntax, wrong types.
    let msg = expect_err(p.compile(
        "func.func @main(%a: tensor<4xf32>, %b: tensor<3xf32>) -> tensor<4xf32> {\n\
           %0 = stablehlo.add %a, %b : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>\n\
           return %0 : tensor<4xf32>\n}",
    ));
    assert!(msg.contains("PJRT_Client_Compile"), "{msg}");

    // No @main.
    let msg = expect_err(
        p.compile("func.func @f(%a: tensor<f32>) -> tensor<f32> {\n return %a : tensor<f32>\n}"),
    );
    assert!(!msg.is_empty());

    // The client still works afterwards.
    let exe = compile(p, ADD_MUL_SLICE);
    assert_eq!(
        run(&exe, &[t(&[4], &[0.0f32; 4]), t(&[4], &[1.0f32; 4])])[2]
            .to_vec::<f32>()
            .unwrap(),
        vec![1.0, 1.0]
    );
}

#[test]
fn bad_arguments_give_errors() {
    let Some(p) = pjrt() else { return };
    let exe = compile(p, ADD_MUL_SLICE);
    let x = t(&[4], &[1.0f32; 4]);
    // Too few / too many arguments.
    let msg = expect_err(exe.execute(std::slice::from_ref(&x)));
    eprintln!("arity: {msg}");
    expect_err(exe.execute(&[x.clone(), x.clone(), x.clone()]));
    // Wrong shape and wrong element type.
    let msg = expect_err(exe.execute(&[x.clone(), t(&[5], &[1.0f32; 5])]));
    eprintln!("shape: {msg}");
    let msg = expect_err(exe.execute(&[x.clone(), t(&[4], &[1i32; 4])]));
    assert!(
        msg.contains("argument 1") && msg.contains("f32[4]") && msg.contains("s32[4]"),
        "{msg}"
    );
    eprintln!("type: {msg}");
    let msg = expect_err(exe.execute(&[x.clone(), t(&[2, 2], &[1.0f32; 4])]));
    assert!(msg.contains("argument 1"), "{msg}");
    // Data that does not fit its own shape never reaches the plugin.
    let broken = HostTensor {
        element: ElementType::F32,
        dims: vec![4],
        data: vec![0; 15],
    };
    let msg = expect_err(exe.execute(&[x.clone(), broken]));
    assert!(msg.contains("argument 1"), "{msg}");
    let negative = HostTensor {
        element: ElementType::F32,
        dims: vec![-4],
        data: vec![],
    };
    expect_err(exe.execute(&[x.clone(), negative]));
    // Still usable.
    assert_eq!(
        run(&exe, &[x.clone(), x])[0].to_vec::<f32>().unwrap(),
        vec![2.0; 4]
    );
}

#[test]
fn concurrent_execution() {
    let Some(p) = pjrt() else { return };
    let exe = compile(p, ADD_MUL_SLICE);
    std::thread::scope(|s| {
        for k in 0..4 {
            let exe = &exe;
            s.spawn(move || {
                for i in 0..20 {
                    let v = (k * 100 + i) as f32;
                    let out = run(exe, &[t(&[4], &[v; 4]), t(&[4], &[2.0f32; 4])]);
                    assert_eq!(out[1].to_vec::<f32>().unwrap(), vec![(v + 2.0) * 2.0; 4]);
                }
            });
        }
    });
}

#[test]
fn executable_outlives_its_pjrt_handle() {
    let Some(p) = pjrt() else { return };
    let exe = {
        let local = p.clone();
        compile(&local, ADD_MUL_SLICE)
    };
    let out = run(&exe, &[t(&[4], &[1.0f32; 4]), t(&[4], &[1.0f32; 4])]);
    assert_eq!(out[0].to_vec::<f32>().unwrap(), vec![2.0; 4]);
}

#[test]
fn plugin_facts() {
    let Some(p) = pjrt() else { return };
    let info = p.plugin();
    assert_eq!(info.api_version.0, 0);
    assert!(info.api_version.1 > 0);
    assert!(!p.platform_name().is_empty());
    assert!(!p.devices().is_empty());
    eprintln!("{}", p.describe());
    for (k, v) in &info.attributes {
        eprintln!("  {k} = {v}");
    }
    // Loading the same plugin again reuses the library and makes a second client.
    let again = Pjrt::load(&info.path).unwrap();
    assert_eq!(again.plugin().path, info.path);
    let exe = compile(&again, ADD_MUL_SLICE);
    assert_eq!(exe.num_outputs(), 3);
}

#[test]
fn not_a_plugin_is_a_load_error() {
    let dir = std::env::temp_dir().join(format!("raise-rt-notplugin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fake = dir.join("fake.so");
    std::fs::write(&fake, b"not an ELF file").unwrap();
    let msg = expect_err(Pjrt::load(&fake));
    assert!(msg.contains("fake.so"), "{msg}");
    // A real shared library without GetPjrtApi.
    let libm = [
        "/lib/x86_64-linux-gnu/libm.so.6",
        "/usr/lib/x86_64-linux-gnu/libm.so.6",
        "/lib64/libm.so.6",
    ]
    .iter()
    .map(std::path::Path::new)
    .find(|p| p.exists());
    if let Some(libm) = libm {
        let msg = expect_err(Pjrt::load(libm));
        assert!(msg.contains("GetPjrtApi"), "{msg}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The same modules through jaxlib (tests/jax_exec.py), compared with the PJRT results.
#[test]
fn jax_cross_check() {
    let Some(p) = pjrt() else { return };
    let Some(python) = runtime::jax::default_python() else {
        eprintln!("note: skipping jax cross-check: no Python (set RAISE_PYTHON)");
        return;
    };
    if !runtime::jax::has_jax(&python) {
        eprintln!(
            "note: skipping jax cross-check: {} cannot import jax",
            python.display()
        );
        return;
    }
    let cases: Vec<(&str, Vec<HostTensor>)> = vec![
        (ADD_MUL_SLICE, vec![t(&[4], &[1.0f32, 2.0, 3.0, 4.0]), t(&[4], &[0.5f32, -1.0, 2.0, 10.0])]),
        (
            "func.func @main(%a: tensor<2x2xf64>, %b: tensor<2x2xi64>, %c: tensor<2xbf16>) -> (tensor<2x2xf64>, tensor<2x2xi64>, tensor<2x2xi1>, tensor<2xbf16>) {\n\
               %0 = stablehlo.dot_general %a, %a, contracting_dims = [1] x [0] : (tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>\n\
               %1 = stablehlo.transpose %b, dims = [1, 0] : (tensor<2x2xi64>) -> tensor<2x2xi64>\n\
               %2 = stablehlo.compare LT, %b, %1, SIGNED : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi1>\n\
               %3 = stablehlo.add %c, %c : tensor<2xbf16>\n\
               return %0, %1, %2, %3 : tensor<2x2xf64>, tensor<2x2xi64>, tensor<2x2xi1>, tensor<2xbf16>\n}",
            vec![
                t(&[2, 2], &[1.0f64, 2.0, 3.0, 4.0]),
                t(&[2, 2], &[1i64, -5, 1 << 40, 7]),
                HostTensor::from_bits16(ElementType::BF16, &[2], &[0x3f80, 0xc0a0]).unwrap(),
            ],
        ),
    ];
    for (text, inputs) in cases {
        let ours = run(&compile(p, text), &inputs);
        let theirs = match runtime::jax::run(&python, text, &inputs) {
            Ok(r) => r,
            Err(e) => panic!("jax_exec failed: {e}"),
        };
        assert_eq!(ours, theirs, "PJRT and jax disagree on\n{text}");
    }
    // A broken module is reported, not a crash.
    let msg = expect_err(runtime::jax::run(&python, "not mlir", &[]));
    assert!(msg.contains("jax_exec"), "{msg}");
}
