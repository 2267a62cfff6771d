import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";

/** What went wrong before a request reached the router: its status and a plain message. */
export interface ClientErrorAnswer {
  readonly status: 400 | 408 | 431;
  readonly message: string;
}

/** Node's `clientError` codes → the answer (anything else is a malformed request: 400). */
export function classifyClientError(error: NodeJS.ErrnoException): ClientErrorAnswer {
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return { status: 408, message: "The request did not arrive in time." };
  }
  if (error.code === "HPE_HEADER_OVERFLOW") {
    return { status: 431, message: "The request headers are too large." };
  }
  return { status: 400, message: "Malformed HTTP request." };
}

/**
 * A fastify `clientErrorHandler` that answers errors raised before routing (request timeout,
 * oversized headers, unparsable HTTP) in the server's own error shape instead of fastify's,
 * then closes the socket, as node and fastify do.
 */
export function createClientErrorHandler(toBody: (answer: ClientErrorAnswer) => unknown) {
  return (error: NodeJS.ErrnoException, socket: Duplex): void => {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const answer = classifyClientError(error);
    if (socket.writable) {
      const body = JSON.stringify(toBody(answer));
      socket.write(
        `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\n` +
          `Connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
