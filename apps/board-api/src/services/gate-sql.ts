// The entry-gate rule in SQL, shared by claim, claim-next and the gate view: a card's gate is
// satisfied when no criterion that applies to it (project-wide, or of the card's column) lacks an
// ack for that card.
import { Prisma } from "@org/db";

/**
 * True when the gate of the card aliased `c` is satisfied. Written as an anti-join on the card's
 * acks (an index lookup per card): as a nested NOT EXISTS, PostgreSQL hashed every ack of every
 * project on each claim-next.
 */
export const GATE_SATISFIED = Prisma.sql`NOT EXISTS (
  SELECT 1 FROM gate_criteria g
  LEFT JOIN gate_acks a ON a.card_id = c.id AND a.criterion_id = g.id
  WHERE g.project_id = c.project_id AND (g.column_id IS NULL OR g.column_id = c.column_id)
    AND a.card_id IS NULL)`;
