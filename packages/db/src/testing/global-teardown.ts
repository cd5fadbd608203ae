import { dropDatabase } from "./postgres.ts";

export default async function globalTeardown(): Promise<void> {
  const name = process.env.TEST_TEMPLATE_DATABASE;
  if (name) await dropDatabase(name);
}
