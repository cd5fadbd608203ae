import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { io as connectClient, type Socket } from "socket.io-client";
import { attachRealtime, type Realtime, type SocketLimits } from "../src/index.ts";

async function instance(limits: Partial<SocketLimits>) {
  const server: Server = createServer();
  const realtime: Realtime = attachRealtime(server, {
    limits: { connectionsPerIp: 1000, connectsPerMinute: 1000, trustProxy: ["loopback"], ...limits },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await realtime.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const opened: Socket[] = [];

/** Connects as a client at `ip` (through a trusted proxy): "connected", or the refusal's message. */
function connectFrom(url: string, ip: string): Promise<string> {
  const socket = connectClient(url, {
    transports: ["websocket"],
    reconnection: false,
    extraHeaders: { "X-Forwarded-For": ip },
  });
  opened.push(socket);
  return new Promise((resolve) => {
    socket.once("connect", () => resolve("connected"));
    socket.once("connect_error", (error) => resolve(error.message));
  });
}

afterEach(() => {
  for (const socket of opened.splice(0)) socket.close();
});

describe("socket.io limits per client IP", () => {
  it("refuses a connection beyond SOCKETS_PER_IP open ones from one IP, and allows it again once one closes", async () => {
    const server = await instance({ connectionsPerIp: 2 });
    try {
      expect(await connectFrom(server.url, "203.0.113.5")).toBe("connected");
      expect(await connectFrom(server.url, "203.0.113.5")).toBe("connected");
      expect(await connectFrom(server.url, "203.0.113.5")).toBe("websocket error");
      // Another address has its own allowance.
      expect(await connectFrom(server.url, "198.51.100.5")).toBe("connected");
      opened[0]?.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await connectFrom(server.url, "203.0.113.5")).toBe("connected");
    } finally {
      await server.close();
    }
  });

  it("counts IPv6 clients by /64", async () => {
    const server = await instance({ connectionsPerIp: 2 });
    try {
      expect(await connectFrom(server.url, "2001:db8:7:7::1")).toBe("connected");
      expect(await connectFrom(server.url, "2001:db8:7:7::2")).toBe("connected");
      expect(await connectFrom(server.url, "2001:db8:7:7:ffff::3")).toBe("websocket error");
      expect(await connectFrom(server.url, "2001:db8:7:8::1")).toBe("connected");
    } finally {
      await server.close();
    }
  });

  it("limits new connections a minute from one IP, even when each is closed at once", async () => {
    const server = await instance({ connectsPerMinute: 3 });
    try {
      for (let i = 0; i < 3; i += 1) {
        expect(await connectFrom(server.url, "203.0.113.6")).toBe("connected");
        opened.at(-1)?.close();
      }
      expect(await connectFrom(server.url, "203.0.113.6")).toBe("websocket error");
      expect(await connectFrom(server.url, "203.0.113.60")).toBe("connected");
    } finally {
      await server.close();
    }
  });

  it("tells a polling client why it was refused (403)", async () => {
    const server = await instance({ connectionsPerIp: 1 });
    try {
      const handshake = () =>
        fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, {
          headers: { "X-Forwarded-For": "192.0.2.9" },
        });
      expect((await handshake()).status).toBe(200);
      const refused = await handshake();
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        code: 4,
        message: "Too many open connections from your address; close some and try again.",
      });
    } finally {
      await server.close();
    }
  });
});
