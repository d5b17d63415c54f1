// The repository's TypeScript hooks (scripts/lib/ts-hooks.mjs), for apps started as child processes.
import '../../../../scripts/lib/register-ts.mjs';
