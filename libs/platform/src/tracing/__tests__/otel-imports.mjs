// Module hooks for a child process: TypeScript sources as the events tests run them, and a line
// `OTEL <url>` on stdout for every OpenTelemetry module the process resolves. Then every loader
// hook the process registers itself prints `REGISTER <specifier>` (`REGISTER in-thread` for hooks
// run in the app's thread, module.registerHooks).
import module, { register } from 'node:module';
register('../../events/__tests__/ts-hooks.mjs', import.meta.url);
register('./otel-imports-hooks.mjs', import.meta.url);
const registerHook = module.register;
module.register = (specifier, ...rest) => {
  console.log(`REGISTER ${String(specifier)}`);
  return registerHook(specifier, ...rest);
};
const registerHooks = module.registerHooks;
if (registerHooks) {
  module.registerHooks = (hooks) => {
    console.log('REGISTER in-thread');
    return registerHooks(hooks);
  };
}
// `import { register } from 'node:module'` elsewhere sees the wrappers too.
module.syncBuiltinESMExports();
