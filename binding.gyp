{
  "targets": [
    {
      "target_name": "tie_eval",
      "sources": ["native/addon.cc"],
      "include_dirs": ["<!(node -p \"require('node-addon-api').include_dir\")"],
      "defines": ["NAPI_VERSION=8", "NAPI_DISABLE_CPP_EXCEPTIONS", "NODE_ADDON_API_DISABLE_DEPRECATED"],
      "cflags_cc": ["-O3", "-std=c++17", "-ffp-contract=off", "-fno-fast-math"],
      "xcode_settings": {
        "GCC_OPTIMIZATION_LEVEL": "3",
        "CLANG_CXX_LANGUAGE_STANDARD": "c++17",
        "OTHER_CPLUSPLUSFLAGS": ["-ffp-contract=off", "-fno-fast-math"]
      },
      "msvs_settings": {
        "VCCLCompilerTool": { "AdditionalOptions": ["/std:c++17", "/fp:precise", "/O2"] }
      }
    }
  ]
}
