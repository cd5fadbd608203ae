// The stateless JSON transport on its own (no database): answers under the client's ids, batches in
// order, and one client's cancellation cannot reach another client's request.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { StatelessJsonTransport } from "../src/mcp/transport.ts";

async function echoServer(gate: Promise<void>) {
  const transport = new StatelessJsonTransport<{ who: string }>();
  const server = new Server({ name: "t", version: "1" }, { capabilities: { tools: {} } });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    if (request.params.name === "slow") await gate;
    const who = transport.contextOf(extra.requestId)?.who;
    return { content: [{ type: "text", text: `${request.params.name} for ${who}` }] };
  });
  await server.connect(transport);
  return transport;
}

const call = (id: number, name: string): JSONRPCMessage => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: {} },
});
const text = (answer: JSONRPCMessage | undefined) =>
  (answer as unknown as { result: { content: Array<{ text: string }> } }).result.content[0]!.text;

it("answers each exchange under its own client ids, with its own context, in order", async () => {
  const transport = await echoServer(Promise.resolve());
  const [a, b] = await Promise.all([
    transport.exchange([call(1, "x"), call(2, "y")], { who: "ann" }),
    transport.exchange([call(1, "z")], { who: "bob" }),
  ]);
  expect(a.map((answer) => (answer as { id: number }).id)).toEqual([1, 2]);
  expect(a.map(text)).toEqual(["x for ann", "y for ann"]);
  expect(b.map(text)).toEqual(["z for bob"]);
  expect(
    await transport.exchange([{ jsonrpc: "2.0", method: "notifications/initialized" }], { who: "c" }),
  ).toEqual([]);
});

it("drops a cancellation: another client's request (any id) still gets its answer", async () => {
  let open!: () => void;
  const transport = await echoServer(new Promise<void>((resolve) => (open = resolve)));
  const slow = transport.exchange([call(1, "slow")], { who: "ann" });
  for (const requestId of [0, 1, 2, 3]) {
    const cancel: JSONRPCMessage = {
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId, reason: "mine" },
    };
    expect(await transport.exchange([cancel], { who: "mallory" })).toEqual([]);
  }
  open();
  expect((await slow).map(text)).toEqual(["slow for ann"]);
});
