import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { io as connectClient, type Socket } from "socket.io-client";
import { attachRealtime, type Realtime } from "../src/index.ts";

const redisUrl = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

async function instance(withRedis: boolean) {
  const server: Server = createServer();
  const realtime: Realtime = attachRealtime(server, { redisUrl: withRedis ? redisUrl : undefined });
  realtime.io.on("connection", (socket) => {
    socket.on("join", (room: string, ack: () => void) => {
      void socket.join(room);
      ack();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    realtime,
    url,
    async close() {
      await realtime.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function joinedClient(url: string, room: string): Promise<Socket> {
  const socket = connectClient(url, { transports: ["websocket"], reconnection: false });
  await new Promise<void>((resolve) => socket.emit("join", room, resolve));
  return socket;
}

function nextEvent(socket: Socket, event: string, timeoutMs = 3000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe("attachRealtime", () => {
  it("delivers a room event to the instance's own clients", async () => {
    const a = await instance(false);
    const client = await joinedClient(a.url, "project:1");
    try {
      const received = nextEvent(client, "card.created");
      a.realtime.io.to("project:1").emit("card.created", { id: "c1" });
      expect(await received).toEqual({ id: "c1" });
    } finally {
      client.close();
      await a.close();
    }
  });

  it("with Redis, delivers an event emitted on one instance to clients of another", async () => {
    const a = await instance(true);
    const b = await instance(true);
    const room = `project:${process.pid}:${Date.now()}`;
    const onB = await joinedClient(b.url, room);
    const elsewhere = await joinedClient(b.url, `${room}:other`);
    try {
      // Give the adapters a moment to subscribe before publishing.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const received = nextEvent(onB, "card.moved");
      let leaked = false;
      elsewhere.once("card.moved", () => (leaked = true));
      a.realtime.io.to(room).emit("card.moved", { id: "c2", position: 3 });
      expect(await received).toEqual({ id: "c2", position: 3 });
      expect(leaked).toBe(false);
    } finally {
      onB.close();
      elsewhere.close();
      await a.close();
      await b.close();
    }
  });
});
