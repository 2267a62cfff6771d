import type { CallbackFactory } from "./hooks.js";

/**
 * The callbacks `gateway_settings.callbacks` may name without any code from the caller. The
 * guard callback (`guard_moderations`, in `callbacks/`) registers itself here with one entry.
 */
export const builtinCallbacks: Readonly<Record<string, CallbackFactory>> = {};
