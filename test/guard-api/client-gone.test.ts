import { once } from "node:events";
import { connect, createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { connectionGone } from "../../src/guard-api/client-gone.js";

const servers: Server[] = [];
const clients: Socket[] = [];

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
  for (const server of servers.splice(0)) server.close();
});

/** A real loopback connection: the client's socket and the server's end of it. */
async function connection(): Promise<{ client: Socket; serverSide: Socket }> {
  const listening = createServer();
  servers.push(listening);
  listening.listen(0, "127.0.0.1");
  await once(listening, "listening");
  const address = listening.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  const accepted = once(listening, "connection");
  const client = connect(address.port, "127.0.0.1");
  clients.push(client);
  const [serverSide] = (await accepted) as [Socket];
  return { client, serverSide };
}

describe("connectionGone", () => {
  it("gives every request of a connection one signal, aborted when the client hangs up", async () => {
    const { client, serverSide } = await connection();
    const signal = connectionGone(serverSide);
    expect(connectionGone(serverSide)).toBe(signal);
    expect(signal.aborted).toBe(false);
    const aborted = once(signal, "abort");
    client.destroy();
    await aborted;
    expect(signal.aborted).toBe(true);
    expect(String(signal.reason)).toContain("client disconnected");
  });

  it("is aborted at once for a connection that closed before its first scan", async () => {
    const { client, serverSide } = await connection();
    client.destroy();
    await once(serverSide, "close");
    expect(connectionGone(serverSide).aborted).toBe(true);
  });

  it("gives two connections their own signals: one client hanging up cancels nobody else", async () => {
    const first = await connection();
    const firstSignal = connectionGone(first.serverSide);
    const second = await connection();
    const secondSignal = connectionGone(second.serverSide);
    const aborted = once(firstSignal, "abort");
    first.client.destroy();
    await aborted;
    expect(secondSignal.aborted).toBe(false);
  });
});
