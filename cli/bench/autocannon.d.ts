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
  function autocannon(options: AutocannonOptions): Promise<unknown>;
  export default autocannon;
}
