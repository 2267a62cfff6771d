/** Every spelling of a route: each path with and without the `/v1` prefix. */
export function withV1(...paths: string[]): string[] {
  return paths.flatMap((path) => [path, `/v1${path}`]);
}
