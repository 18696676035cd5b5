//! Loading a PJRT plugin, compiling StableHLO text and executing it on host tensors.
//!
//! Ownership: every PJRT object raise creates (client, loaded executables, executables,
//! buffers, events, errors) is owned by a guard that destroys it, on error paths too. The
//! plugin library itself stays loaded for the rest of the process once initialised
//! (`PJRT_Plugin_Initialize` is a one-time setup, and XLA plugins start threads that do
//! not survive `dlclose`); loading the same path again reuses it.
//!
//! Compatibility: the C API only appends. A plugin with a *lower* minor version than
//! [`ffi::HEADER_API_MINOR`] accepts our structs (it checks `struct_size >=` its own
//! size); a plugin with a *higher* minor version may expect fields we do not know. For
//! those we pass every argument struct inside a zeroed tail and declare the padded size,
//! so the plugin reads its newer fields as zero (null/0 is "not set" for every field the
//! API has added so far). `RAISE_PJRT_PADDED=1` forces that mode (for testing it against
//! an older plugin, which must accept it too).

pub(crate) mod discover;
mod ffi;

pub use discover::{find_plugin, PLUGIN_ENV, PYTHON_ENV, VENV_ENV};

use crate::signature::ParamType;
use crate::tensor::{element_count, ElementType, HostTensor};
use crate::RuntimeError;
use ffi::ArgStruct;
use std::ffi::{c_char, c_void};
use std::path::{Path, PathBuf};
use std::ptr::{null, null_mut};
use std::sync::{Arc, Mutex};

/// Facts about a loaded plugin.
#[derive(Clone, Debug)]
pub struct PluginInfo {
    pub path: PathBuf,
    /// `PJRT_Api.pjrt_api_version` (major, minor) reported by the plugin.
    pub api_version: (i32, i32),
    /// `PJRT_Plugin_Attributes` as text (e.g. `xla_version`, `stablehlo_current_version`).
    pub attributes: Vec<(String, String)>,
}

/// One addressable device of a client.
#[derive(Clone, Debug)]
pub struct DeviceInfo {
    pub id: i32,
    pub kind: String,
    pub description: String,
}

/// A loaded plugin (see the module docs).
struct Plugin {
    /// Kept so the library stays mapped; never dropped (plugins are leaked on purpose).
    _lib: libloading::Library,
    table: *const ffi::PJRT_Api,
    info: PluginInfo,
    /// Declare padded struct sizes (plugin newer than our declarations).
    padded: bool,
}

// SAFETY: the function table is immutable plugin data; PJRT entry points are callable
// from any thread.
unsafe impl Send for Plugin {}
unsafe impl Sync for Plugin {}

static PLUGINS: Mutex<Vec<&'static Plugin>> = Mutex::new(Vec::new());

/// Zeroed space after an argument struct for fields a newer plugin may read or write.
const TAIL_WORDS: usize = 64;

#[repr(C)]
struct Padded<A> {
    args: A,
    tail: [u64; TAIL_WORDS],
}

impl Plugin {
    fn api(&self) -> &ffi::PJRT_Api {
        // SAFETY: `load` checked that the table is non-null and at least
        // `API_PREFIX_SIZE` bytes, which is all of `ffi::PJRT_Api`.
        unsafe { &*self.table }
    }

    fn load(path: &Path) -> Result<&'static Plugin, RuntimeError> {
        let canon = path.canonicalize().map_err(|e| RuntimeError::Load {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
        let mut loaded = PLUGINS.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(p) = loaded.iter().find(|p| p.info.path == canon) {
            return Ok(*p);
        }
        let load_err = |message: String| RuntimeError::Load {
            path: canon.clone(),
            message,
        };
        // SAFETY: loading a shared library runs its initialisers; the file was chosen as
        // a PJRT plugin by the caller.
        let lib =
            unsafe { libloading::Library::new(&canon) }.map_err(|e| load_err(e.to_string()))?;
        // SAFETY: `GetPjrtApi` is declared by the PJRT C API as `const PJRT_Api* (void)`.
        let table = unsafe {
            let get: libloading::Symbol<unsafe extern "C" fn() -> *const ffi::PJRT_Api> = lib
                .get(b"GetPjrtApi\0")
                .map_err(|e| load_err(format!("not a PJRT plugin (no GetPjrtApi): {e}")))?;
            get()
        };
        if table.is_null() {
            return Err(load_err("GetPjrtApi returned null".to_string()));
        }
        // SAFETY: every PJRT_Api starts with `size_t struct_size` followed by the
        // extension pointer and the 24-byte version struct.
        let (struct_size, major, minor) = unsafe {
            let t = table.cast::<u8>();
            let size = *t.cast::<usize>();
            if size < 40 {
                return Err(load_err(format!(
                    "PJRT_Api struct_size {size} is too small"
                )));
            }
            let v = &*t.add(16).cast::<ffi::PJRT_Api_Version>();
            (size, v.major_version, v.minor_version)
        };
        let version_err = |message: String| RuntimeError::Version {
            path: canon.clone(),
            major,
            minor,
            message,
        };
        if major != ffi::HEADER_API_MAJOR {
            return Err(version_err(format!(
                "raise speaks PJRT C API {}.x (declarations from {}.{}); major versions differ",
                ffi::HEADER_API_MAJOR,
                ffi::HEADER_API_MAJOR,
                ffi::HEADER_API_MINOR
            )));
        }
        if struct_size < ffi::API_PREFIX_SIZE {
            return Err(version_err(format!(
                "its PJRT_Api table has {struct_size} bytes but raise needs the first {} (up to \
                 PJRT_Buffer_ToHostBuffer); the plugin is too old",
                ffi::API_PREFIX_SIZE
            )));
        }
        let mut plugin = Plugin {
            _lib: lib,
            table,
            info: PluginInfo {
                path: canon.clone(),
                api_version: (major, minor),
                attributes: Vec::new(),
            },
            padded: minor > ffi::HEADER_API_MINOR
                || std::env::var_os("RAISE_PJRT_PADDED").is_some_and(|v| v == "1"),
        };
        plugin.call(
            plugin.api().plugin_initialize,
            ffi::PJRT_Plugin_Initialize_Args::zeroed(),
        )?;
        plugin.info.attributes = plugin.attributes().unwrap_or_default();
        let leaked: &'static Plugin = Box::leak(Box::new(plugin));
        loaded.push(leaked);
        Ok(leaked)
    }

    /// The `struct_size` to declare for `A`.
    fn size_of<A: ArgStruct>(&self) -> usize {
        if self.padded {
            std::mem::size_of::<Padded<A>>()
        } else {
            A::STRUCT_SIZE
        }
    }

    /// `args` inside a zeroed tail with `struct_size` set for this plugin.
    fn padded<A: ArgStruct>(&self, args: A) -> Box<Padded<A>> {
        let mut p = Box::new(Padded {
            args,
            tail: [0; TAIL_WORDS],
        });
        let size = self.size_of::<A>();
        p.args.set_struct_size(size);
        p
    }

    /// Calls a PJRT entry point and returns the argument struct with its outputs filled
    /// in, or the plugin's error.
    fn call<A: ArgStruct>(&self, f: ffi::Fn<A>, args: A) -> Result<A, RuntimeError> {
        let name = function_name::<A>();
        let f = f.ok_or_else(|| {
            RuntimeError::Unsupported(format!("the plugin does not implement {name}"))
        })?;
        let mut p = self.padded(args);
        // SAFETY: `p.args` is a valid argument struct for `f` (all pointers in it were set
        // by the caller to live data or null) followed by zeroed space.
        let err = unsafe { f(&mut p.args) };
        self.check(err, &name)?;
        Ok(p.args)
    }

    /// Turns a returned `PJRT_Error*` into a `RuntimeError` (and frees it).
    fn check(&self, err: *mut ffi::PJRT_Error, function: &str) -> Result<(), RuntimeError> {
        if err.is_null() {
            return Ok(());
        }
        let api = self.api();
        let mut message = String::new();
        if let Some(f) = api.error_message {
            let mut m = self.padded(ffi::PJRT_Error_Message_Args::zeroed());
            m.args.error = err;
            // SAFETY: `err` is a live error from this plugin.
            unsafe { f(&mut m.args) };
            if !m.args.message.is_null() {
                // SAFETY: the message has `message_size` bytes and lives as long as `err`.
                let bytes = unsafe {
                    std::slice::from_raw_parts(m.args.message.cast::<u8>(), m.args.message_size)
                };
                message = String::from_utf8_lossy(bytes).into_owned();
            }
        }
        let mut code = "unknown code".to_string();
        if let Some(f) = api.error_get_code {
            let mut c = self.padded(ffi::PJRT_Error_GetCode_Args::zeroed());
            c.args.error = err;
            // SAFETY: as above.
            let e2 = unsafe { f(&mut c.args) };
            if e2.is_null() {
                code = error_code_name(c.args.code);
            } else {
                self.destroy_error(e2);
            }
        }
        self.destroy_error(err);
        Err(RuntimeError::Pjrt {
            function: function.to_string(),
            code,
            message,
        })
    }

    fn destroy_error(&self, err: *mut ffi::PJRT_Error) {
        if let Some(f) = self.api().error_destroy {
            let mut d = self.padded(ffi::PJRT_Error_Destroy_Args::zeroed());
            d.args.error = err;
            // SAFETY: `err` is a live error; it is not used afterwards.
            unsafe { f(&mut d.args) };
        }
    }

    fn attributes(&self) -> Result<Vec<(String, String)>, RuntimeError> {
        let a = self.call(
            self.api().plugin_attributes,
            ffi::PJRT_Plugin_Attributes_Args::zeroed(),
        )?;
        let mut out = Vec::new();
        if a.attributes.is_null() {
            return Ok(out);
        }
        let mut p = a.attributes.cast::<u8>();
        for _ in 0..a.num_attributes {
            // SAFETY: the plugin returns `num_attributes` PJRT_NamedValue structs that live
            // for the process; each one's `struct_size` tells its size, so the array's
            // stride is that size rounded up to the struct's 8-byte alignment.
            let v = unsafe { &*p.cast::<ffi::PJRT_NamedValue>() };
            if v.struct_size < ffi::NAMED_VALUE_STRUCT_SIZE {
                break;
            }
            let name = unsafe { str_from(v.name, v.name_size) };
            let value = match v.type_ {
                ffi::NAMED_VALUE_STRING => unsafe {
                    str_from(v.value as *const c_char, v.value_size)
                },
                ffi::NAMED_VALUE_INT64 => (v.value as i64).to_string(),
                ffi::NAMED_VALUE_INT64_LIST => {
                    let ptr = v.value as *const i64;
                    if ptr.is_null() {
                        String::new()
                    } else {
                        let xs = unsafe { std::slice::from_raw_parts(ptr, v.value_size) };
                        let xs: Vec<String> = xs.iter().map(|x| x.to_string()).collect();
                        xs.join(".")
                    }
                }
                ffi::NAMED_VALUE_FLOAT => f32::from_bits(v.value as u32).to_string(),
                ffi::NAMED_VALUE_BOOL => ((v.value & 0xff) != 0).to_string(),
                other => format!("<value of type {other}>"),
            };
            out.push((name, value));
            p = unsafe { p.add(v.struct_size.div_ceil(8) * 8) };
        }
        Ok(out)
    }

    fn await_event(&'static self, event: &EventGuard) -> Result<(), RuntimeError> {
        if event.event.is_null() {
            return Ok(());
        }
        let mut a = ffi::PJRT_Event_Await_Args::zeroed();
        a.event = event.event;
        self.call(self.api().event_await, a).map(|_| ())
    }
}

/// `PJRT_Client_Compile_Args` -> `PJRT_Client_Compile`.
fn function_name<A: ArgStruct>() -> String {
    A::NAME.trim_end_matches("_Args").to_string()
}

/// A string the plugin owns, copied.
///
/// # Safety
/// `ptr` must be null or point to `len` readable bytes.
unsafe fn str_from(ptr: *const c_char, len: usize) -> String {
    if ptr.is_null() {
        return String::new();
    }
    let bytes = std::slice::from_raw_parts(ptr.cast::<u8>(), len);
    String::from_utf8_lossy(bytes).into_owned()
}

fn error_code_name(code: i32) -> String {
    const NAMES: [&str; 17] = [
        "OK",
        "CANCELLED",
        "UNKNOWN",
        "INVALID_ARGUMENT",
        "DEADLINE_EXCEEDED",
        "NOT_FOUND",
        "ALREADY_EXISTS",
        "PERMISSION_DENIED",
        "RESOURCE_EXHAUSTED",
        "FAILED_PRECONDITION",
        "ABORTED",
        "OUT_OF_RANGE",
        "UNIMPLEMENTED",
        "INTERNAL",
        "UNAVAILABLE",
        "DATA_LOSS",
        "UNAUTHENTICATED",
    ];
    usize::try_from(code)
        .ok()
        .and_then(|i| NAMES.get(i))
        .map_or_else(|| format!("code {code}"), |s| s.to_string())
}

fn to_pjrt_type(t: ElementType) -> ffi::PJRT_Buffer_Type {
    match t {
        ElementType::Pred => ffi::BUFFER_TYPE_PRED,
        ElementType::S8 => ffi::BUFFER_TYPE_S8,
        ElementType::S16 => ffi::BUFFER_TYPE_S16,
        ElementType::S32 => ffi::BUFFER_TYPE_S32,
        ElementType::S64 => ffi::BUFFER_TYPE_S64,
        ElementType::U8 => ffi::BUFFER_TYPE_U8,
        ElementType::U16 => ffi::BUFFER_TYPE_U16,
        ElementType::U32 => ffi::BUFFER_TYPE_U32,
        ElementType::U64 => ffi::BUFFER_TYPE_U64,
        ElementType::F16 => ffi::BUFFER_TYPE_F16,
        ElementType::BF16 => ffi::BUFFER_TYPE_BF16,
        ElementType::F32 => ffi::BUFFER_TYPE_F32,
        ElementType::F64 => ffi::BUFFER_TYPE_F64,
    }
}

fn from_pjrt_type(t: ffi::PJRT_Buffer_Type) -> Result<ElementType, RuntimeError> {
    ElementType::ALL
        .into_iter()
        .find(|&e| to_pjrt_type(e) == t)
        .ok_or_else(|| {
            let name = match t {
                ffi::BUFFER_TYPE_INVALID => "INVALID".to_string(),
                ffi::BUFFER_TYPE_C64 => "c64".to_string(),
                ffi::BUFFER_TYPE_C128 => "c128".to_string(),
                other => format!("PJRT_Buffer_Type {other}"),
            };
            RuntimeError::Unsupported(format!("result element type {name}"))
        })
}

// ------------------------------------------------------------------------ guards

struct EventGuard {
    plugin: &'static Plugin,
    event: *mut ffi::PJRT_Event,
}

impl Drop for EventGuard {
    fn drop(&mut self) {
        if !self.event.is_null() {
            let mut a = ffi::PJRT_Event_Destroy_Args::zeroed();
            a.event = self.event;
            let _ = self.plugin.call(self.plugin.api().event_destroy, a);
        }
    }
}

struct BufferGuard {
    plugin: &'static Plugin,
    buffer: *mut ffi::PJRT_Buffer,
}

impl Drop for BufferGuard {
    fn drop(&mut self) {
        if !self.buffer.is_null() {
            let mut a = ffi::PJRT_Buffer_Destroy_Args::zeroed();
            a.buffer = self.buffer;
            let _ = self.plugin.call(self.plugin.api().buffer_destroy, a);
        }
    }
}

struct ExecutableGuard {
    plugin: &'static Plugin,
    exe: *mut ffi::PJRT_Executable,
}

impl Drop for ExecutableGuard {
    fn drop(&mut self) {
        if !self.exe.is_null() {
            let mut a = ffi::PJRT_Executable_Destroy_Args::zeroed();
            a.executable = self.exe;
            let _ = self.plugin.call(self.plugin.api().executable_destroy, a);
        }
    }
}

// ------------------------------------------------------------------------ client

struct Client {
    plugin: &'static Plugin,
    client: *mut ffi::PJRT_Client,
    /// The device buffers are placed on and executables run on.
    device: *mut ffi::PJRT_Device,
    devices: Vec<DeviceInfo>,
    platform_name: String,
    platform_version: String,
}

// SAFETY: PJRT clients are thread-safe (the C API's PjRtClient contract); the raw
// pointers are handles owned by this struct.
unsafe impl Send for Client {}
unsafe impl Sync for Client {}

impl Drop for Client {
    fn drop(&mut self) {
        if !self.client.is_null() {
            let mut a = ffi::PJRT_Client_Destroy_Args::zeroed();
            a.client = self.client;
            let _ = self.plugin.call(self.plugin.api().client_destroy, a);
        }
    }
}

/// A loaded PJRT plugin with a client on it. Cheap to clone (shared client);
/// `Send + Sync`.
#[derive(Clone)]
pub struct Pjrt {
    client: Arc<Client>,
}

/// Serialized `xla.CompileOptionsProto` with
/// `executable_build_options { device_ordinal: -1 num_replicas: 1 num_partitions: 1 }`
/// (field 3 holding fields 1, 4 and 5); everything else keeps XLA's defaults.
const COMPILE_OPTIONS: [u8; 17] = [
    0x1a, 0x0f, // field 3, 15 bytes
    0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, // device_ordinal -1
    0x20, 0x01, // num_replicas 1
    0x28, 0x01, // num_partitions 1
];

/// Memory with the alignment XLA's CPU runtime likes for host buffers.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Block([u8; 64]);

fn aligned_blocks(bytes: usize) -> Vec<Block> {
    vec![Block([0; 64]); bytes.div_ceil(64).max(1)]
}

impl Pjrt {
    /// Loads the plugin at `plugin_path` (see [`find_plugin`]), checks its C API version,
    /// initialises it, and creates a client.
    pub fn load(plugin_path: &Path) -> Result<Pjrt, RuntimeError> {
        let plugin = Plugin::load(plugin_path)?;
        let api = plugin.api();
        let created = plugin.call(api.client_create, ffi::PJRT_Client_Create_Args::zeroed())?;
        if created.client.is_null() {
            return Err(RuntimeError::Unsupported(
                "PJRT_Client_Create returned no client".to_string(),
            ));
        }
        let mut client = Client {
            plugin,
            client: created.client,
            device: null_mut(),
            devices: Vec::new(),
            platform_name: String::new(),
            platform_version: String::new(),
        };

        let mut a = ffi::PJRT_Client_PlatformName_Args::zeroed();
        a.client = client.client;
        let a = plugin.call(api.client_platform_name, a)?;
        // SAFETY: owned by the client, `platform_name_size` bytes.
        client.platform_name = unsafe { str_from(a.platform_name, a.platform_name_size) };
        let mut a = ffi::PJRT_Client_PlatformVersion_Args::zeroed();
        a.client = client.client;
        let a = plugin.call(api.client_platform_version, a)?;
        // SAFETY: as above.
        client.platform_version = unsafe { str_from(a.platform_version, a.platform_version_size) };

        let mut a = ffi::PJRT_Client_AddressableDevices_Args::zeroed();
        a.client = client.client;
        let a = plugin.call(api.client_addressable_devices, a)?;
        let devices: Vec<*mut ffi::PJRT_Device> = if a.addressable_devices.is_null() {
            Vec::new()
        } else {
            // SAFETY: the client owns an array of `num_addressable_devices` handles.
            unsafe { std::slice::from_raw_parts(a.addressable_devices, a.num_addressable_devices) }
                .to_vec()
        };
        for &d in &devices {
            client.devices.push(device_info(plugin, d)?);
        }
        client.device = devices.first().copied().unwrap_or(null_mut());
        if client.device.is_null() {
            return Err(RuntimeError::Unsupported(format!(
                "the {} PJRT client has no addressable devices",
                client.platform_name
            )));
        }
        Ok(Pjrt {
            client: Arc::new(client),
        })
    }

    /// Loads and initialises the plugin without creating a client: its path, C API
    /// version and attributes (works where a client cannot be made, e.g. a GPU plugin on
    /// a machine without a GPU).
    pub fn probe(plugin_path: &Path) -> Result<PluginInfo, RuntimeError> {
        Ok(Plugin::load(plugin_path)?.info.clone())
    }

    /// Finds a plugin with [`find_plugin`] and loads it.
    pub fn load_default(explicit: Option<&Path>) -> Result<Pjrt, RuntimeError> {
        Pjrt::load(&find_plugin(explicit)?)
    }

    /// Plugin path, C API version and attributes.
    pub fn plugin(&self) -> &PluginInfo {
        &self.client.plugin.info
    }

    /// `cpu`, `cuda`, `tpu`, ...
    pub fn platform_name(&self) -> &str {
        &self.client.platform_name
    }

    /// Platform-specific version text.
    pub fn platform_version(&self) -> &str {
        &self.client.platform_version
    }

    /// The client's addressable devices; the first one is used.
    pub fn devices(&self) -> &[DeviceInfo] {
        &self.client.devices
    }

    /// A one-line description: plugin, API version, platform, device.
    pub fn describe(&self) -> String {
        let p = self.plugin();
        let attr = |key: &str, label: &str| {
            p.attributes
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| format!(", {label} {v}"))
                .unwrap_or_default()
        };
        format!(
            "PJRT {} (C API {}.{}{}{}), platform {} {}, device {}",
            p.path.display(),
            p.api_version.0,
            p.api_version.1,
            attr("xla_version", "xla_version"),
            attr("stablehlo_current_version", "StableHLO"),
            self.platform_name(),
            self.platform_version(),
            self.devices()
                .first()
                .map_or("?", |d| d.description.as_str()),
        )
    }

    /// Compiles a StableHLO (or MHLO) module given as MLIR text, entry `@main`.
    pub fn compile(&self, mlir_text: &str) -> Result<Executable, RuntimeError> {
        let c = &self.client;
        let plugin = c.plugin;
        let api = plugin.api();
        let mut code = mlir_text.as_bytes().to_vec();
        let format = b"mlir";
        let mut program = ffi::PJRT_Program::zeroed();
        program.code = code.as_mut_ptr().cast::<c_char>();
        program.code_size = code.len();
        program.format = format.as_ptr().cast::<c_char>();
        program.format_size = format.len();
        let program = plugin.padded(program);

        let mut a = ffi::PJRT_Client_Compile_Args::zeroed();
        a.client = c.client;
        a.program = &program.args;
        a.compile_options = COMPILE_OPTIONS.as_ptr().cast::<c_char>();
        a.compile_options_size = COMPILE_OPTIONS.len();
        let a = plugin.call(api.client_compile, a)?;
        if a.executable.is_null() {
            return Err(RuntimeError::Unsupported(
                "PJRT_Client_Compile returned no executable".to_string(),
            ));
        }
        let mut exe = Executable {
            client: self.client.clone(),
            loaded: a.executable,
            num_outputs: 0,
            params: crate::signature::main_params(mlir_text),
        };

        let mut g = ffi::PJRT_LoadedExecutable_GetExecutable_Args::zeroed();
        g.loaded_executable = exe.loaded;
        let g = plugin.call(api.loaded_executable_get_executable, g)?;
        let inner = ExecutableGuard {
            plugin,
            exe: g.executable,
        };
        let mut n = ffi::PJRT_Executable_NumOutputs_Args::zeroed();
        n.executable = inner.exe;
        exe.num_outputs = plugin.call(api.executable_num_outputs, n)?.num_outputs;
        Ok(exe)
    }
}

fn device_info(
    plugin: &'static Plugin,
    device: *mut ffi::PJRT_Device,
) -> Result<DeviceInfo, RuntimeError> {
    let api = plugin.api();
    let mut a = ffi::PJRT_Device_GetDescription_Args::zeroed();
    a.device = device;
    let desc = plugin
        .call(api.device_get_description, a)?
        .device_description;
    let mut a = ffi::PJRT_DeviceDescription_Id_Args::zeroed();
    a.device_description = desc;
    let id = plugin.call(api.device_description_id, a)?.id;
    let mut a = ffi::PJRT_DeviceDescription_Kind_Args::zeroed();
    a.device_description = desc;
    let a = plugin.call(api.device_description_kind, a)?;
    // SAFETY: owned by the device, `device_kind_size` bytes.
    let kind = unsafe { str_from(a.device_kind, a.device_kind_size) };
    let mut a = ffi::PJRT_DeviceDescription_ToString_Args::zeroed();
    a.device_description = desc;
    let a = plugin.call(api.device_description_to_string, a)?;
    // SAFETY: as above.
    let description = unsafe { str_from(a.to_string, a.to_string_size) };
    Ok(DeviceInfo {
        id,
        kind,
        description,
    })
}

impl std::fmt::Debug for Pjrt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe())
    }
}

// ------------------------------------------------------------------------ executable

/// A compiled module, ready to run on the client's first device. `Send + Sync`.
pub struct Executable {
    client: Arc<Client>,
    loaded: *mut ffi::PJRT_LoadedExecutable,
    num_outputs: usize,
    /// `@main`'s parameter types as read from the text, when understood.
    params: Option<Vec<Option<ParamType>>>,
}

// SAFETY: PJRT loaded executables may be executed concurrently from several threads.
unsafe impl Send for Executable {}
unsafe impl Sync for Executable {}

impl Drop for Executable {
    fn drop(&mut self) {
        if !self.loaded.is_null() {
            let plugin = self.client.plugin;
            let mut a = ffi::PJRT_LoadedExecutable_Destroy_Args::zeroed();
            a.executable = self.loaded;
            let _ = plugin.call(plugin.api().loaded_executable_destroy, a);
        }
    }
}

impl std::fmt::Debug for Executable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Executable({} outputs)", self.num_outputs)
    }
}

impl Executable {
    /// Number of results of `@main` (a tuple result counts its elements).
    pub fn num_outputs(&self) -> usize {
        self.num_outputs
    }

    /// `@main`'s parameter types as read from the module text (`None` where not
    /// understood); arguments are checked against them before execution.
    pub fn parameters(&self) -> Option<&[Option<ParamType>]> {
        self.params.as_deref()
    }

    /// Runs the module on `inputs` (the arguments of `@main`, in order) and returns its
    /// results, row-major.
    pub fn execute(&self, inputs: &[HostTensor]) -> Result<Vec<HostTensor>, RuntimeError> {
        let plugin = self.client.plugin;
        let api = plugin.api();
        for (i, t) in inputs.iter().enumerate() {
            t.check()
                .map_err(|e| RuntimeError::InvalidInput(format!("argument {i}: {e}")))?;
        }
        // The plugin reports a wrong argument count itself; types it may not check.
        if let Some(params) = self.params.as_ref().filter(|p| p.len() == inputs.len()) {
            for (i, (p, t)) in params.iter().zip(inputs).enumerate() {
                let Some(p) = p else { continue };
                let dims_ok = p.dims.len() == t.dims.len()
                    && p.dims
                        .iter()
                        .zip(&t.dims)
                        .all(|(want, got)| want.is_none_or(|w| w == *got));
                if p.element != t.element || !dims_ok {
                    return Err(RuntimeError::InvalidInput(format!(
                        "argument {i}: @main expects {p}, got {}",
                        t.type_string()
                    )));
                }
            }
        }
        let mut args = Vec::with_capacity(inputs.len());
        for t in inputs {
            args.push(self.to_device(t)?);
        }
        let arg_ptrs: Vec<*mut ffi::PJRT_Buffer> = args.iter().map(|b| b.buffer).collect();
        let arg_lists: [*const *mut ffi::PJRT_Buffer; 1] = [arg_ptrs.as_ptr()];
        let mut outs: Vec<*mut ffi::PJRT_Buffer> = vec![null_mut(); self.num_outputs.max(1)];
        let out_lists: [*mut *mut ffi::PJRT_Buffer; 1] = [outs.as_mut_ptr()];
        let mut done: [*mut ffi::PJRT_Event; 1] = [null_mut()];
        let options = plugin.padded(ffi::PJRT_ExecuteOptions::zeroed());

        let mut a = ffi::PJRT_LoadedExecutable_Execute_Args::zeroed();
        a.executable = self.loaded;
        a.options =
            &options.args as *const ffi::PJRT_ExecuteOptions as *mut ffi::PJRT_ExecuteOptions;
        a.argument_lists = arg_lists.as_ptr();
        a.num_devices = 1;
        a.num_args = inputs.len();
        a.output_lists = out_lists.as_ptr();
        a.device_complete_events = done.as_mut_ptr();
        let result = plugin.call(api.loaded_executable_execute, a);
        // Own whatever the plugin handed out before looking at the result.
        let outputs: Vec<BufferGuard> = outs
            .iter()
            .take(self.num_outputs)
            .map(|&buffer| BufferGuard { plugin, buffer })
            .collect();
        let done = EventGuard {
            plugin,
            event: done[0],
        };
        result?;
        plugin.await_event(&done)?;
        drop(args);

        let mut results = Vec::with_capacity(outputs.len());
        for (i, b) in outputs.iter().enumerate() {
            if b.buffer.is_null() {
                return Err(RuntimeError::Unsupported(format!(
                    "PJRT_LoadedExecutable_Execute left output {i} unset"
                )));
            }
            results.push(self.to_host(b).map_err(|e| match e {
                RuntimeError::Unsupported(m) => {
                    RuntimeError::Unsupported(format!("output {i}: {m}"))
                }
                other => other,
            })?);
        }
        Ok(results)
    }

    fn to_device(&self, t: &HostTensor) -> Result<BufferGuard, RuntimeError> {
        let c = &self.client;
        let plugin = c.plugin;
        // Copy into 64-byte-aligned memory unless the data already is.
        let staged;
        let data: *const c_void = if t.data.as_ptr().align_offset(64) == 0 {
            t.data.as_ptr().cast()
        } else {
            let mut blocks = aligned_blocks(t.data.len());
            // SAFETY: `blocks` has at least `t.data.len()` bytes.
            unsafe {
                std::ptr::copy_nonoverlapping(
                    t.data.as_ptr(),
                    blocks.as_mut_ptr().cast::<u8>(),
                    t.data.len(),
                )
            };
            staged = blocks;
            staged.as_ptr().cast()
        };
        let mut a = ffi::PJRT_Client_BufferFromHostBuffer_Args::zeroed();
        a.client = c.client;
        a.data = data;
        a.type_ = to_pjrt_type(t.element);
        a.dims = t.dims.as_ptr();
        a.num_dims = t.dims.len();
        a.byte_strides = null();
        a.num_byte_strides = 0;
        a.host_buffer_semantics = ffi::HOST_BUFFER_IMMUTABLE_ONLY_DURING_CALL;
        a.device = c.device;
        let a = plugin.call(plugin.api().client_buffer_from_host_buffer, a)?;
        let buffer = BufferGuard {
            plugin,
            buffer: a.buffer,
        };
        let done = EventGuard {
            plugin,
            event: a.done_with_host_buffer,
        };
        plugin.await_event(&done)?;
        if buffer.buffer.is_null() {
            return Err(RuntimeError::Unsupported(
                "PJRT_Client_BufferFromHostBuffer returned no buffer".to_string(),
            ));
        }
        Ok(buffer)
    }

    fn to_host(&self, b: &BufferGuard) -> Result<HostTensor, RuntimeError> {
        let plugin = self.client.plugin;
        let api = plugin.api();
        let mut a = ffi::PJRT_Buffer_ElementType_Args::zeroed();
        a.buffer = b.buffer;
        let element = from_pjrt_type(plugin.call(api.buffer_element_type, a)?.type_)?;
        let mut a = ffi::PJRT_Buffer_Dimensions_Args::zeroed();
        a.buffer = b.buffer;
        let a = plugin.call(api.buffer_dimensions, a)?;
        let dims = if a.dims.is_null() || a.num_dims == 0 {
            Vec::new()
        } else {
            // SAFETY: owned by the buffer, `num_dims` entries.
            unsafe { std::slice::from_raw_parts(a.dims, a.num_dims) }.to_vec()
        };
        let n = element_count(&dims)
            .map_err(|e| RuntimeError::Unsupported(format!("result shape: {e}")))?;
        let bytes = n.checked_mul(element.byte_size()).ok_or_else(|| {
            RuntimeError::Unsupported(format!("result shape {dims:?} is too large"))
        })?;
        if bytes == 0 {
            return Ok(HostTensor {
                element,
                dims,
                data: Vec::new(),
            });
        }

        // Ask for a dense row-major copy (minor_to_major = [rank-1, ..., 0]).
        let minor_to_major: Vec<i64> = (0..dims.len() as i64).rev().collect();
        let mut tiled = ffi::PJRT_Buffer_MemoryLayout_Tiled::zeroed();
        tiled.minor_to_major = minor_to_major.as_ptr();
        tiled.minor_to_major_size = minor_to_major.len();
        let mut layout = ffi::PJRT_Buffer_MemoryLayout::zeroed();
        layout.tiled = tiled;
        layout.type_ = ffi::MEMORY_LAYOUT_TILED;

        let mut q = ffi::PJRT_Buffer_ToHostBuffer_Args::zeroed();
        q.src = b.buffer;
        q.host_layout = &mut layout;
        let q = plugin.call(api.buffer_to_host_buffer, q)?;
        if q.dst_size != bytes {
            return Err(RuntimeError::Unsupported(format!(
                "{element}{dims:?} result needs {} host bytes, expected {bytes}",
                q.dst_size
            )));
        }
        let mut blocks = aligned_blocks(bytes);
        let mut a = ffi::PJRT_Buffer_ToHostBuffer_Args::zeroed();
        a.src = b.buffer;
        a.host_layout = &mut layout;
        a.dst = blocks.as_mut_ptr().cast();
        a.dst_size = bytes;
        let a = plugin.call(api.buffer_to_host_buffer, a)?;
        let done = EventGuard {
            plugin,
            event: a.event,
        };
        plugin.await_event(&done)?;
        // SAFETY: `blocks` holds at least `bytes` initialised bytes.
        let data =
            unsafe { std::slice::from_raw_parts(blocks.as_ptr().cast::<u8>(), bytes) }.to_vec();
        Ok(HostTensor {
            element,
            dims,
            data,
        })
    }
}
