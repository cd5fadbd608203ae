// A card's activity in plain words (src/web/activity-text.ts).
import type { CardActivity } from "@org/contracts";
import { activitySentence, describeActivity, type ActivityNames } from "../../src/web/activity-text.ts";

const names: ActivityNames = {
  member: (id) => ({ ada: "Ada Lovelace", bob: "Bob Builder" })[id],
  column: (id) => ({ todo: "To do", done: "Done" })[id],
  priority: (id) => ({ high: "High" })[id],
  me: "bob",
  locale: "en-GB",
};
const year = new Date().getUTCFullYear();
const entry = (kind: string, data: Record<string, unknown> = {}, actor = "ada"): CardActivity => ({
  id: "1",
  kind: kind as CardActivity["kind"],
  actor_id: actor,
  data,
  created_at: new Date().toISOString(),
});
const edited = (fields: Record<string, unknown>) => entry("edited", { fields });

describe("activity in plain words", () => {
  it("says what an edit did, field by field, with names and dates", () => {
    expect(
      activitySentence(edited({ due_at: { from: null, to: `${year}-12-03T23:59:59.999Z` } }), names),
    ).toBe("Ada Lovelace set the due date to 3 Dec");
    expect(describeActivity(edited({ due_at: { from: "2020-01-01T00:00:00.000Z", to: null } }), names)).toBe(
      "removed the due date",
    );
    expect(describeActivity(edited({ due_at: { to: "2020-12-03T23:59:59.999Z" } }), names)).toBe(
      "set the due date to 3 Dec 2020",
    );
    expect(describeActivity(edited({ assignee_id: { from: null, to: "bob" } }), names)).toBe(
      "assigned it to you",
    );
    expect(describeActivity(edited({ assignee_id: { from: "ada", to: null } }), names)).toBe(
      "unassigned Ada Lovelace",
    );
    expect(describeActivity(edited({ priority_id: { from: null, to: "high" } }), names)).toBe(
      "set the priority to High",
    );
    expect(describeActivity(edited({ priority_id: { from: null, to: "gone" } }), names)).toBe(
      "set the priority to one since deleted",
    );
    expect(
      describeActivity(
        edited({ title: { from: "a", to: "Ship it" }, body: {}, owner_type: { to: "agent" } }),
        names,
      ),
    ).toBe("renamed the card to “Ship it”, changed the description and handed the card to agents");
  });

  it("names columns, people and things, never ids or field names", () => {
    expect(activitySentence(entry("moved", { from_column_id: "todo", to_column_id: "done" }), names)).toBe(
      "Ada Lovelace moved it from To do to Done",
    );
    expect(describeActivity(entry("moved", { from_column_id: "todo", to_column_id: "todo" }), names)).toBe(
      "moved it within To do",
    );
    expect(activitySentence(entry("commented", {}, "bob"), names)).toBe("You commented");
    expect(activitySentence(entry("created", {}, "carol"), names)).toBe("A former member created the card");
    expect(describeActivity(entry("label_added", { name: "bug" }), names)).toBe("added the label “bug”");
    expect(describeActivity(entry("handed_off", { to_user_id: "ada" }), names)).toBe(
      "handed the card off to Ada Lovelace",
    );
    expect(describeActivity(entry("decomposed", { children: ["a", "b"] }), names)).toBe(
      "split the card into 2 cards",
    );
    expect(describeActivity(entry("gate_acked", { criterion_id: "x" }), names)).toBe(
      "acknowledged an entry criterion",
    );
  });
});
