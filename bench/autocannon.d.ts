// The few parts of autocannon's programmatic API the benchmarks use (it ships no types).
declare module "autocannon" {
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: AutocannonRequest[];
  }
  /** The running load: a promise of the result that also emits one `response` per answer. */
  interface AutocannonInstance extends PromiseLike<unknown> {
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void,
    ): this;
  }
  function autocannon(options: AutocannonOptions): AutocannonInstance;
  export default autocannon;
}
