// Seeding a benchmark board with SQL: a project of 5 columns, `perColumn` cards in each, owned
// by `userId` (one statement, so a board of thousands of cards is ready at once).
import type pg from "pg";

export async function seedProject(
  pool: pg.Pool,
  { userId, name, perColumn }: { userId: string; name: string; perColumn: number },
): Promise<string> {
  const seeded = await pool.query<{ project_id: string }>(
    `WITH p AS (INSERT INTO projects (id, name, next_card_number, updated_at)
                VALUES (gen_random_uuid(), $2, $3::int * 5 + 1, now()) RETURNING id)
     , m AS (INSERT INTO project_members (id, project_id, user_id, role)
             SELECT gen_random_uuid(), p.id, $1::uuid, 'owner' FROM p)
     , c AS (INSERT INTO columns (id, project_id, name, position, updated_at)
             SELECT gen_random_uuid(), p.id, 'Column ' || i, i, now() FROM p, generate_series(0, 4) i
             RETURNING id, position, project_id)
     INSERT INTO cards (id, project_id, column_id, number, title, body, position, updated_at)
     SELECT gen_random_uuid(), c.project_id, c.id, c.position * $3::int + j + 1,
            'Card ' || (c.position * $3::int + j + 1), 'Body of the card', j, now()
     FROM c, generate_series(0, $3::int - 1) j
     RETURNING project_id`,
    [userId, name, perColumn],
  );
  return seeded.rows[0]?.project_id as string;
}
