//! Hand-written `#[repr(C)]` mirror of the subset of the PJRT C API that raise uses.
//!
//! Written from reading `pjrt_c_api.h` as shipped by the `xla-cpu-pjrt` wheel (API 0.81);
//! no header is needed at build time. The C API evolves by appending: fields are only
//! added at the end of argument structs and function slots only at the end of `PJRT_Api`,
//! and every struct starts with `struct_size` so each side can tell how much the other
//! knows. [`struct_size!`] computes the C header's `PJRT_STRUCT_SIZE` (offset of the last
//! field plus its size) for the structs below; the caller in `mod.rs` decides what to put
//! in `struct_size` (see `Api::call`).
//!
//! Only pointer-, integer- and function-pointer-typed fields appear here, so an
//! all-zero value of every struct is valid (null pointers, zero counts, `None`).
#![allow(non_camel_case_types, dead_code)]

use std::ffi::{c_char, c_int, c_void};

/// The API version of the header these declarations were written from.
pub const HEADER_API_MAJOR: i32 = 0;
pub const HEADER_API_MINOR: i32 = 81;

/// `PJRT_STRUCT_SIZE(type, last_field)`: offset of the last field plus its size.
macro_rules! struct_size {
    ($ty:ty, $last:ident : $last_ty:ty) => {
        std::mem::offset_of!($ty, $last) + std::mem::size_of::<$last_ty>()
    };
}

/// A PJRT argument struct: `struct_size` first, `extension_start` second.
///
/// # Safety
/// Implementors must be `#[repr(C)]`, start with `struct_size: usize`, and be valid when
/// all-zero.
pub unsafe trait ArgStruct: Sized {
    /// The C header's `<name>_STRUCT_SIZE`.
    const STRUCT_SIZE: usize;
    /// The C name, for error messages.
    const NAME: &'static str;
    fn set_struct_size(&mut self, size: usize);
}

macro_rules! arg_struct {
    (
        $(#[$meta:meta])*
        pub struct $name:ident ($cname:literal) {
            $(pub $field:ident : $fty:ty,)*
        }
        last $last:ident : $last_ty:ty
    ) => {
        $(#[$meta])*
        #[repr(C)]
        pub struct $name {
            pub struct_size: usize,
            pub extension_start: *mut c_void,
            $(pub $field: $fty,)*
        }
        unsafe impl ArgStruct for $name {
            const STRUCT_SIZE: usize = struct_size!($name, $last: $last_ty);
            const NAME: &'static str = $cname;
            fn set_struct_size(&mut self, size: usize) {
                self.struct_size = size;
            }
        }
        impl $name {
            /// All-zero value with `struct_size` set to the header's size.
            pub fn zeroed() -> Self {
                // SAFETY: every field is an integer, a raw pointer or an
                // `Option<extern fn>`, for all of which all-zero bytes are valid.
                let mut v: Self = unsafe { std::mem::zeroed() };
                v.struct_size = <Self as ArgStruct>::STRUCT_SIZE;
                v
            }
        }
    };
}

// Opaque handles.
#[repr(C)]
pub struct PJRT_Error {
    _p: [u8; 0],
}
#[repr(C)]
pub struct PJRT_Event {
    _p: [u8; 0],
}
#[repr(C)]
pub struct PJRT_Client {
    _p: [u8; 0],
}
#[repr(C)]
pub struct PJRT_Device {
    _p: [u8; 0],
}
#[repr(C)]
pub struct PJRT_DeviceDescription {
    _p: [u8; 0],
}
#[repr(C)]
pub struct PJRT_Executable {
    _p: [u8; 0],
}
#[repr(C)]
pub struct PJRT_LoadedExecutable {
    _p: [u8; 0],
}
#[repr(C)]
pub struct PJRT_Buffer {
    _p: [u8; 0],
}

/// `PJRT_Buffer_Type` (a C enum: `int`-sized).
pub type PJRT_Buffer_Type = c_int;
pub const BUFFER_TYPE_INVALID: PJRT_Buffer_Type = 0;
pub const BUFFER_TYPE_PRED: PJRT_Buffer_Type = 1;
pub const BUFFER_TYPE_S8: PJRT_Buffer_Type = 2;
pub const BUFFER_TYPE_S16: PJRT_Buffer_Type = 3;
pub const BUFFER_TYPE_S32: PJRT_Buffer_Type = 4;
pub const BUFFER_TYPE_S64: PJRT_Buffer_Type = 5;
pub const BUFFER_TYPE_U8: PJRT_Buffer_Type = 6;
pub const BUFFER_TYPE_U16: PJRT_Buffer_Type = 7;
pub const BUFFER_TYPE_U32: PJRT_Buffer_Type = 8;
pub const BUFFER_TYPE_U64: PJRT_Buffer_Type = 9;
pub const BUFFER_TYPE_F16: PJRT_Buffer_Type = 10;
pub const BUFFER_TYPE_F32: PJRT_Buffer_Type = 11;
pub const BUFFER_TYPE_F64: PJRT_Buffer_Type = 12;
pub const BUFFER_TYPE_BF16: PJRT_Buffer_Type = 13;
pub const BUFFER_TYPE_C64: PJRT_Buffer_Type = 14;
pub const BUFFER_TYPE_C128: PJRT_Buffer_Type = 15;

/// `PJRT_HostBufferSemantics`.
pub type PJRT_HostBufferSemantics = c_int;
pub const HOST_BUFFER_IMMUTABLE_ONLY_DURING_CALL: PJRT_HostBufferSemantics = 0;

/// `PJRT_Buffer_MemoryLayout_Type`.
pub type PJRT_Buffer_MemoryLayout_Type = c_int;
pub const MEMORY_LAYOUT_TILED: PJRT_Buffer_MemoryLayout_Type = 0;

/// `PJRT_NamedValue_Type`.
pub type PJRT_NamedValue_Type = c_int;
pub const NAMED_VALUE_STRING: PJRT_NamedValue_Type = 0;
pub const NAMED_VALUE_INT64: PJRT_NamedValue_Type = 1;
pub const NAMED_VALUE_INT64_LIST: PJRT_NamedValue_Type = 2;
pub const NAMED_VALUE_FLOAT: PJRT_NamedValue_Type = 3;
pub const NAMED_VALUE_BOOL: PJRT_NamedValue_Type = 4;

/// `PJRT_NamedValue`; the value union is read according to `type_`.
#[repr(C)]
pub struct PJRT_NamedValue {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub name: *const c_char,
    pub name_size: usize,
    pub type_: PJRT_NamedValue_Type,
    /// Union of `const char*`, `int64_t`, `const int64_t*`, `float`, `bool`.
    pub value: u64,
    pub value_size: usize,
}
pub const NAMED_VALUE_STRUCT_SIZE: usize = struct_size!(PJRT_NamedValue, value_size: usize);

#[repr(C)]
pub struct PJRT_Api_Version {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub major_version: c_int,
    pub minor_version: c_int,
}

arg_struct! {
    pub struct PJRT_Error_Destroy_Args ("PJRT_Error_Destroy_Args") {
        pub error: *mut PJRT_Error,
    }
    last error: *mut PJRT_Error
}

arg_struct! {
    pub struct PJRT_Error_Message_Args ("PJRT_Error_Message_Args") {
        pub error: *const PJRT_Error,
        pub message: *const c_char,
        pub message_size: usize,
    }
    last message_size: usize
}

arg_struct! {
    pub struct PJRT_Error_GetCode_Args ("PJRT_Error_GetCode_Args") {
        pub error: *const PJRT_Error,
        pub code: c_int,
    }
    last code: c_int
}

arg_struct! {
    pub struct PJRT_Plugin_Initialize_Args ("PJRT_Plugin_Initialize_Args") {
    }
    last extension_start: *mut c_void
}

arg_struct! {
    pub struct PJRT_Plugin_Attributes_Args ("PJRT_Plugin_Attributes_Args") {
        pub attributes: *const PJRT_NamedValue,
        pub num_attributes: usize,
    }
    last num_attributes: usize
}

arg_struct! {
    pub struct PJRT_Event_Destroy_Args ("PJRT_Event_Destroy_Args") {
        pub event: *mut PJRT_Event,
    }
    last event: *mut PJRT_Event
}

arg_struct! {
    pub struct PJRT_Event_Await_Args ("PJRT_Event_Await_Args") {
        pub event: *mut PJRT_Event,
    }
    last event: *mut PJRT_Event
}

arg_struct! {
    pub struct PJRT_Client_Create_Args ("PJRT_Client_Create_Args") {
        pub create_options: *const PJRT_NamedValue,
        pub num_options: usize,
        pub kv_get_callback: *mut c_void,
        pub kv_get_user_arg: *mut c_void,
        pub kv_put_callback: *mut c_void,
        pub kv_put_user_arg: *mut c_void,
        pub client: *mut PJRT_Client,
        pub kv_try_get_callback: *mut c_void,
        pub kv_try_get_user_arg: *mut c_void,
    }
    last kv_try_get_user_arg: *mut c_void
}

arg_struct! {
    pub struct PJRT_Client_Destroy_Args ("PJRT_Client_Destroy_Args") {
        pub client: *mut PJRT_Client,
    }
    last client: *mut PJRT_Client
}

arg_struct! {
    pub struct PJRT_Client_PlatformName_Args ("PJRT_Client_PlatformName_Args") {
        pub client: *mut PJRT_Client,
        pub platform_name: *const c_char,
        pub platform_name_size: usize,
    }
    last platform_name_size: usize
}

arg_struct! {
    pub struct PJRT_Client_PlatformVersion_Args ("PJRT_Client_PlatformVersion_Args") {
        pub client: *mut PJRT_Client,
        pub platform_version: *const c_char,
        pub platform_version_size: usize,
    }
    last platform_version_size: usize
}

arg_struct! {
    pub struct PJRT_Client_AddressableDevices_Args ("PJRT_Client_AddressableDevices_Args") {
        pub client: *mut PJRT_Client,
        pub addressable_devices: *const *mut PJRT_Device,
        pub num_addressable_devices: usize,
    }
    last num_addressable_devices: usize
}

arg_struct! {
    pub struct PJRT_Program ("PJRT_Program") {
        pub code: *mut c_char,
        pub code_size: usize,
        pub format: *const c_char,
        pub format_size: usize,
    }
    last format_size: usize
}

arg_struct! {
    pub struct PJRT_Client_Compile_Args ("PJRT_Client_Compile_Args") {
        pub client: *mut PJRT_Client,
        pub program: *const PJRT_Program,
        pub compile_options: *const c_char,
        pub compile_options_size: usize,
        pub executable: *mut PJRT_LoadedExecutable,
    }
    last executable: *mut PJRT_LoadedExecutable
}

arg_struct! {
    pub struct PJRT_Buffer_MemoryLayout_Tiled ("PJRT_Buffer_MemoryLayout_Tiled") {
        pub minor_to_major: *const i64,
        pub minor_to_major_size: usize,
        pub tile_dims: *const i64,
        pub tile_dim_sizes: *const usize,
        pub num_tiles: usize,
    }
    last num_tiles: usize
}

arg_struct! {
    /// The union of `tiled` and `strides` is represented by its larger member, `tiled`.
    pub struct PJRT_Buffer_MemoryLayout ("PJRT_Buffer_MemoryLayout") {
        pub tiled: PJRT_Buffer_MemoryLayout_Tiled,
        pub type_: PJRT_Buffer_MemoryLayout_Type,
    }
    last type_: PJRT_Buffer_MemoryLayout_Type
}

arg_struct! {
    pub struct PJRT_Client_BufferFromHostBuffer_Args ("PJRT_Client_BufferFromHostBuffer_Args") {
        pub client: *mut PJRT_Client,
        pub data: *const c_void,
        pub type_: PJRT_Buffer_Type,
        pub dims: *const i64,
        pub num_dims: usize,
        pub byte_strides: *const i64,
        pub num_byte_strides: usize,
        pub host_buffer_semantics: PJRT_HostBufferSemantics,
        pub device: *mut PJRT_Device,
        pub memory: *mut c_void,
        pub device_layout: *mut PJRT_Buffer_MemoryLayout,
        pub done_with_host_buffer: *mut PJRT_Event,
        pub buffer: *mut PJRT_Buffer,
    }
    last buffer: *mut PJRT_Buffer
}

arg_struct! {
    pub struct PJRT_Device_GetDescription_Args ("PJRT_Device_GetDescription_Args") {
        pub device: *mut PJRT_Device,
        pub device_description: *mut PJRT_DeviceDescription,
    }
    last device_description: *mut PJRT_DeviceDescription
}

arg_struct! {
    pub struct PJRT_DeviceDescription_Id_Args ("PJRT_DeviceDescription_Id_Args") {
        pub device_description: *mut PJRT_DeviceDescription,
        pub id: c_int,
    }
    last id: c_int
}

arg_struct! {
    pub struct PJRT_DeviceDescription_Kind_Args ("PJRT_DeviceDescription_Kind_Args") {
        pub device_description: *mut PJRT_DeviceDescription,
        pub device_kind: *const c_char,
        pub device_kind_size: usize,
    }
    last device_kind_size: usize
}

arg_struct! {
    pub struct PJRT_DeviceDescription_ToString_Args ("PJRT_DeviceDescription_ToString_Args") {
        pub device_description: *mut PJRT_DeviceDescription,
        pub to_string: *const c_char,
        pub to_string_size: usize,
    }
    last to_string_size: usize
}

arg_struct! {
    pub struct PJRT_Executable_Destroy_Args ("PJRT_Executable_Destroy_Args") {
        pub executable: *mut PJRT_Executable,
    }
    last executable: *mut PJRT_Executable
}

arg_struct! {
    pub struct PJRT_Executable_NumOutputs_Args ("PJRT_Executable_NumOutputs_Args") {
        pub executable: *mut PJRT_Executable,
        pub num_outputs: usize,
    }
    last num_outputs: usize
}

arg_struct! {
    pub struct PJRT_LoadedExecutable_Destroy_Args ("PJRT_LoadedExecutable_Destroy_Args") {
        pub executable: *mut PJRT_LoadedExecutable,
    }
    last executable: *mut PJRT_LoadedExecutable
}

arg_struct! {
    pub struct PJRT_LoadedExecutable_GetExecutable_Args ("PJRT_LoadedExecutable_GetExecutable_Args") {
        pub loaded_executable: *mut PJRT_LoadedExecutable,
        pub executable: *mut PJRT_Executable,
    }
    last executable: *mut PJRT_Executable
}

arg_struct! {
    pub struct PJRT_ExecuteOptions ("PJRT_ExecuteOptions") {
        pub send_callbacks: *mut c_void,
        pub recv_callbacks: *mut c_void,
        pub num_send_ops: usize,
        pub num_recv_ops: usize,
        pub launch_id: c_int,
        pub non_donatable_input_indices: *const i64,
        pub num_non_donatable_input_indices: usize,
        pub context: *mut c_void,
        pub call_location: *const c_char,
        pub num_tasks: usize,
        pub task_ids: *mut c_int,
        pub incarnation_ids: *mut i64,
    }
    last incarnation_ids: *mut i64
}

arg_struct! {
    pub struct PJRT_LoadedExecutable_Execute_Args ("PJRT_LoadedExecutable_Execute_Args") {
        pub executable: *mut PJRT_LoadedExecutable,
        pub options: *mut PJRT_ExecuteOptions,
        pub argument_lists: *const *const *mut PJRT_Buffer,
        pub num_devices: usize,
        pub num_args: usize,
        pub output_lists: *const *mut *mut PJRT_Buffer,
        pub device_complete_events: *mut *mut PJRT_Event,
        pub execute_device: *mut PJRT_Device,
    }
    last execute_device: *mut PJRT_Device
}

arg_struct! {
    pub struct PJRT_Buffer_Destroy_Args ("PJRT_Buffer_Destroy_Args") {
        pub buffer: *mut PJRT_Buffer,
    }
    last buffer: *mut PJRT_Buffer
}

arg_struct! {
    pub struct PJRT_Buffer_ElementType_Args ("PJRT_Buffer_ElementType_Args") {
        pub buffer: *mut PJRT_Buffer,
        pub type_: PJRT_Buffer_Type,
    }
    last type_: PJRT_Buffer_Type
}

arg_struct! {
    pub struct PJRT_Buffer_Dimensions_Args ("PJRT_Buffer_Dimensions_Args") {
        pub buffer: *mut PJRT_Buffer,
        pub dims: *const i64,
        pub num_dims: usize,
    }
    last num_dims: usize
}

arg_struct! {
    pub struct PJRT_Buffer_ToHostBuffer_Args ("PJRT_Buffer_ToHostBuffer_Args") {
        pub src: *mut PJRT_Buffer,
        pub host_layout: *mut PJRT_Buffer_MemoryLayout,
        pub dst: *mut c_void,
        pub dst_size: usize,
        pub event: *mut PJRT_Event,
    }
    last event: *mut PJRT_Event
}

/// A PJRT entry point taking one argument struct. Most return a `PJRT_Error*` (null on
/// success); the two error accessors return nothing.
pub type Fn<A> = Option<unsafe extern "C" fn(*mut A) -> *mut PJRT_Error>;
pub type VoidFn<A> = Option<unsafe extern "C" fn(*mut A)>;
/// A slot raise does not call.
pub type Unused = Option<unsafe extern "C" fn()>;

/// The leading part of `PJRT_Api`, up to the last entry point raise calls. The plugin's
/// table may be longer (checked through its `struct_size`).
#[repr(C)]
pub struct PJRT_Api {
    pub struct_size: usize,
    pub extension_start: *mut c_void,
    pub pjrt_api_version: PJRT_Api_Version,

    pub error_destroy: VoidFn<PJRT_Error_Destroy_Args>,
    pub error_message: VoidFn<PJRT_Error_Message_Args>,
    pub error_get_code: Fn<PJRT_Error_GetCode_Args>,

    pub plugin_initialize: Fn<PJRT_Plugin_Initialize_Args>,
    pub plugin_attributes: Fn<PJRT_Plugin_Attributes_Args>,

    pub event_destroy: Fn<PJRT_Event_Destroy_Args>,
    pub event_is_ready: Unused,
    pub event_error: Unused,
    pub event_await: Fn<PJRT_Event_Await_Args>,
    pub event_on_ready: Unused,

    pub client_create: Fn<PJRT_Client_Create_Args>,
    pub client_destroy: Fn<PJRT_Client_Destroy_Args>,
    pub client_platform_name: Fn<PJRT_Client_PlatformName_Args>,
    pub client_process_index: Unused,
    pub client_platform_version: Fn<PJRT_Client_PlatformVersion_Args>,
    pub client_devices: Unused,
    pub client_addressable_devices: Fn<PJRT_Client_AddressableDevices_Args>,
    pub client_lookup_device: Unused,
    pub client_lookup_addressable_device: Unused,
    pub client_addressable_memories: Unused,
    pub client_compile: Fn<PJRT_Client_Compile_Args>,
    pub client_default_device_assignment: Unused,
    pub client_buffer_from_host_buffer: Fn<PJRT_Client_BufferFromHostBuffer_Args>,

    pub device_description_id: Fn<PJRT_DeviceDescription_Id_Args>,
    pub device_description_process_index: Unused,
    pub device_description_attributes: Unused,
    pub device_description_kind: Fn<PJRT_DeviceDescription_Kind_Args>,
    pub device_description_debug_string: Unused,
    pub device_description_to_string: Fn<PJRT_DeviceDescription_ToString_Args>,

    pub device_get_description: Fn<PJRT_Device_GetDescription_Args>,
    pub device_is_addressable: Unused,
    pub device_local_hardware_id: Unused,
    pub device_addressable_memories: Unused,
    pub device_default_memory: Unused,
    pub device_memory_stats: Unused,

    pub memory_id: Unused,
    pub memory_kind: Unused,
    pub memory_debug_string: Unused,
    pub memory_to_string: Unused,
    pub memory_addressable_by_devices: Unused,

    pub executable_destroy: Fn<PJRT_Executable_Destroy_Args>,
    pub executable_name: Unused,
    pub executable_num_replicas: Unused,
    pub executable_num_partitions: Unused,
    pub executable_num_outputs: Fn<PJRT_Executable_NumOutputs_Args>,
    pub executable_size_of_generated_code_in_bytes: Unused,
    pub executable_get_cost_analysis: Unused,
    pub executable_output_memory_kinds: Unused,
    pub executable_optimized_program: Unused,
    pub executable_serialize: Unused,

    pub loaded_executable_destroy: Fn<PJRT_LoadedExecutable_Destroy_Args>,
    pub loaded_executable_get_executable: Fn<PJRT_LoadedExecutable_GetExecutable_Args>,
    pub loaded_executable_addressable_devices: Unused,
    pub loaded_executable_delete: Unused,
    pub loaded_executable_is_deleted: Unused,
    pub loaded_executable_execute: Fn<PJRT_LoadedExecutable_Execute_Args>,
    pub executable_deserialize_and_load: Unused,
    pub loaded_executable_fingerprint: Unused,

    pub buffer_destroy: Fn<PJRT_Buffer_Destroy_Args>,
    pub buffer_element_type: Fn<PJRT_Buffer_ElementType_Args>,
    pub buffer_dimensions: Fn<PJRT_Buffer_Dimensions_Args>,
    pub buffer_unpadded_dimensions: Unused,
    pub buffer_dynamic_dimension_indices: Unused,
    pub buffer_get_memory_layout: Unused,
    pub buffer_on_device_size_in_bytes: Unused,
    pub buffer_device: Unused,
    pub buffer_memory: Unused,
    pub buffer_delete: Unused,
    pub buffer_is_deleted: Unused,
    pub buffer_copy_to_device: Unused,
    pub buffer_to_host_buffer: Fn<PJRT_Buffer_ToHostBuffer_Args>,
}

/// The part of the plugin's `PJRT_Api` table raise reads: everything up to and including
/// `PJRT_Buffer_ToHostBuffer`.
pub const API_PREFIX_SIZE: usize = struct_size!(PJRT_Api, buffer_to_host_buffer: Unused);

// Layout checks against the header (x86-64 / aarch64 LP64): PJRT_Api_Version is 24
// bytes, the first entry point sits at 40, and PJRT_Buffer_ToHostBuffer is slot 70.
const _: () = assert!(std::mem::size_of::<PJRT_Api_Version>() == 24);
const _: () = assert!(std::mem::offset_of!(PJRT_Api, error_destroy) == 40);
const _: () = assert!(std::mem::offset_of!(PJRT_Api, buffer_to_host_buffer) == 40 + 70 * 8);
const _: () = assert!(PJRT_Client_Create_Args::STRUCT_SIZE == 88);
const _: () = assert!(PJRT_Client_BufferFromHostBuffer_Args::STRUCT_SIZE == 120);
const _: () = assert!(PJRT_Buffer_MemoryLayout_Tiled::STRUCT_SIZE == 56);
const _: () = assert!(PJRT_Buffer_MemoryLayout::STRUCT_SIZE == 76);
const _: () = assert!(PJRT_ExecuteOptions::STRUCT_SIZE == 112);
const _: () = assert!(PJRT_LoadedExecutable_Execute_Args::STRUCT_SIZE == 80);
const _: () = assert!(NAMED_VALUE_STRUCT_SIZE == 56);
const _: () = assert!(PJRT_Error_GetCode_Args::STRUCT_SIZE == 28);
const _: () = assert!(PJRT_Plugin_Initialize_Args::STRUCT_SIZE == 16);
const _: () = assert!(PJRT_Program::STRUCT_SIZE == 48);
const _: () = assert!(PJRT_Client_Compile_Args::STRUCT_SIZE == 56);
const _: () = assert!(PJRT_Buffer_ToHostBuffer_Args::STRUCT_SIZE == 56);
const _: () = assert!(PJRT_Buffer_Dimensions_Args::STRUCT_SIZE == 40);
const _: () = assert!(PJRT_DeviceDescription_Id_Args::STRUCT_SIZE == 28);
const _: () = assert!(std::mem::offset_of!(PJRT_Buffer_MemoryLayout, type_) == 72);
const _: () = assert!(std::mem::size_of::<PJRT_Buffer_MemoryLayout>() == 80);
