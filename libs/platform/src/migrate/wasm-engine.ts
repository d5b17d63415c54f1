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

let loading: Promise<SchemaEngineGlue> | undefined;
let panicked: string | undefined;

/**
 * The message of the last Rust panic inside the engine, if any: it explains "unreachable" traps.
 * No engine call is safe after a panic (and the glue module, holding the instance's memory, cannot
 * be loaded afresh), so every later session of this process fails fast.
 */
export function takeEnginePanic(): string | undefined {
  const message = lastPanic;
  lastPanic = undefined;
  if (message) panicked = message;
  return message;
}

/** The engine's glue module with its wasm instance wired in. Compiled on first use only. */
export function loadSchemaEngine(): Promise<SchemaEngineGlue> {
  if (panicked) return Promise.reject(new Error(`the schema engine panicked earlier in this process: ${panicked}`));
  loading ??= instantiate().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function instantiate(): Promise<SchemaEngineGlue> {
  // The glue reports panics through this global before the wasm traps; Prisma's client may have
  // installed one too, so ours passes messages on.
  const registry = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: { set_message(message: string): void } };
  const previous = registry.PRISMA_WASM_PANIC_REGISTRY;
  registry.PRISMA_WASM_PANIC_REGISTRY = {
    set_message: (message: string) => {
      lastPanic = message;
      previous?.set_message(message);
    },
  };
  const glue: SchemaEngineGlue = await import('@prisma/schema-engine-wasm/schema_engine_bg');
  const module = new wasmApi.Module(readFileSync(schemaEngineWasmPath()));
  const instance = new wasmApi.Instance(module, { './schema_engine_bg.js': withUnrefTimers(glue) });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return glue;
}

/**
 * The glue's imports, with the engine's timers unref'd. The engine arms 10 s timeouts while it
 * works and never clears them (the glue has no clearTimeout): they would keep every process that
 * migrated alive for 10 s after its work is done. Pending database queries still keep it alive.
 */
function withUnrefTimers(glue: SchemaEngineGlue): Record<string, unknown> {
  const imports: Record<string, unknown> = { ...glue };
  for (const [name, fn] of Object.entries(glue)) {
    if (!name.startsWith('__wbg_setTimeout_') || typeof fn !== 'function') continue;
    imports[name] = (...args: unknown[]) => {
      const timer = (fn as (...a: unknown[]) => unknown)(...args);
      (timer as { unref?: () => void } | undefined)?.unref?.();
      return timer;
    };
  }
  return imports;
}
