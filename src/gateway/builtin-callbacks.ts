import { gatewayCallbacks } from "./callbacks/index.js";
import type { CallbackFactory } from "./hooks.js";

/**
 * The callbacks `gateway_settings.callbacks` may name without any code from the caller
 * (`guard_moderations`, from `callbacks/`). `createGateway({ callbacks })` can add more.
 */
export const builtinCallbacks: Readonly<Record<string, CallbackFactory>> = gatewayCallbacks;
