// Loads Prisma's schema engine compiled to WebAssembly, once per process (per module registry
// under jest). Prisma 7.10 only drives its native schema-engine binary, which cannot be downloaded
// here; the wasm build of the same engine ships inside the `prisma` package, and the JS glue of
// `@prisma/schema-engine-wasm` fits it (same imports). Node 20 cannot `import` a .wasm file, so the
// module is compiled and instantiated by hand, the way the glue's own entry point would.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Glue from '@prisma/schema-engine-wasm/schema_engine_bg';

export type SchemaEngineGlue = typeof Glue;
export type SchemaEngine = Glue.SchemaEngine;

const require = createRequire(import.meta.url);

// The project's `lib` (ES2023, no DOM) has no WebAssembly typings; this is the little we use.
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: Record<string, object>) => { exports: Record<string, unknown> };
}
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** The wasm binary of the engine matching the installed Prisma CLI (7.10). */
export function schemaEngineWasmPath(): string {
  return path.join(path.dirname(require.resolve('prisma/package.json')), 'build', 'schema_engine_bg.wasm');
}

let lastPanic: string | undefined;

/** The message of the last Rust panic inside the engine, if any: it explains "unreachable" traps. */
export function takeEnginePanic(): string | undefined {
  const message = lastPanic;
  lastPanic = undefined;
  return message;
}

let loading: Promise<SchemaEngineGlue> | undefined;

/** The engine's glue module with its wasm instance wired in. Compiled on first use only. */
export function loadSchemaEngine(): Promise<SchemaEngineGlue> {
  loading ??= instantiate().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function instantiate(): Promise<SchemaEngineGlue> {
  // The glue reports panics through this global before the wasm traps.
  const registry = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: { set_message(message: string): void } };
  registry.PRISMA_WASM_PANIC_REGISTRY ??= {
    set_message: (message: string) => {
      lastPanic = message;
    },
  };
  const glue: SchemaEngineGlue = await import('@prisma/schema-engine-wasm/schema_engine_bg');
  const module = new wasmApi.Module(readFileSync(schemaEngineWasmPath()));
  const instance = new wasmApi.Instance(module, { './schema_engine_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return glue;
}
