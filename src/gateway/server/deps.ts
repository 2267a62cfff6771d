import type { Logger } from "../../common/logger.js";
import type { Authenticator } from "../auth/authenticate.js";
import type { KeyCache } from "../auth/key-cache.js";
import type { KeyStore } from "../auth/key-store.js";
import type { GatewayConfig } from "../config/resolve.js";
import type { CallAccounting } from "../fleet/call-accounting.js";
import type { DrainState } from "../fleet/drain.js";
import type { FleetServices } from "../fleet/fleet-services.js";
import type { BeforeProviderCall } from "../hooks.js";
import type { ModelRouter } from "../router/router.js";
import type { CallTracer } from "../telemetry/call-tracer.js";
import type { GatewayMetrics } from "./metrics.js";

/** What the routes share; built once by `createGateway`. */
export interface GatewayDeps {
  readonly config: GatewayConfig;
  readonly auth: Authenticator;
  readonly router: ModelRouter;
  readonly keyStore: KeyStore;
  readonly keyCache: KeyCache;
  readonly hooks: readonly BeforeProviderCall[];
  readonly metrics: GatewayMetrics;
  readonly logger: Logger;
  readonly now: () => number;
  // Fleet (docs/operations.md): limits, spend, revocation across replicas, graceful stop.
  readonly accounting: CallAccounting;
  readonly fleet: Pick<FleetServices, "readiness" | "spend">;
  readonly drain: DrainState;
  readonly tracer: CallTracer;
}
