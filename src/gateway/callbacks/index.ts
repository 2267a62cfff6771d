import type { CallbackFactory } from "../hooks.js";
import { guardModerations } from "./guard-moderations.js";

export { GuardUnavailableError } from "./guard-client.js";
export { GuardRejectedError, guardLogPrefix, guardModerations } from "./guard-moderations.js";

/** The callbacks `gateway_settings.callbacks` may name. */
export const gatewayCallbacks: Readonly<Record<string, CallbackFactory>> = {
  guard_moderations: guardModerations,
};
