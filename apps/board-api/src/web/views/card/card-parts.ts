// The card's checklist and attachments, in the card panel.
import type { Attachment, ChecklistItem } from "@org/contracts";
import { html, nothing } from "lit";
import { call, fileForm } from "../../api.ts";
import { styleProps } from "../../ui/style-props.ts";

export interface CardPartsHost {
  cardId: string;
  checklist: ChecklistItem[];
  files: Attachment[];
  work: boolean;
  change(work: () => Promise<unknown>, done?: string): Promise<void>;
}

function addItem(host: CardPartsHost) {
  return async (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const text = String(new FormData(form).get("text") ?? "").trim();
    if (!text) return;
    await host.change(() =>
      call("create_checklist_item", { params: { card_id: host.cardId }, body: { text } }),
    );
    form.reset();
    form.querySelector("input")?.focus();
  };
}

export function checklist(host: CardPartsHost) {
  const { checklist: items, work } = host;
  if (!items.length && !work) return nothing;
  const done = items.filter((item) => item.done).length;
  return html`<section class="part check" aria-labelledby="checklist-title">
    <h3 id="checklist-title">Checklist <span class="faint">${done}/${items.length}</span></h3>
    ${
      items.length
        ? html`<div class="progress" aria-hidden="true">
            <div ${styleProps({ width: `${(done / items.length) * 100}%` })}></div>
          </div>`
        : nothing
    }
    <ul class="list checklist">
      ${items.map(
        (item) =>
          html`<li class=${item.done ? "done" : ""}>
            <input
              type="checkbox"
              id="item-${item.id}"
              .checked=${item.done}
              ?disabled=${!work}
              @change=${(event: Event) =>
                host.change(() =>
                  call("update_checklist_item", {
                    params: { item_id: item.id },
                    body: { done: (event.target as HTMLInputElement).checked },
                  }),
                )}
            />
            <span><label for="item-${item.id}">${item.text}</label></span>
            ${
              work
                ? html`<button
                    class="icon-button"
                    aria-label="Delete ${item.text}"
                    @click=${() => host.change(() => call("delete_checklist_item", { params: { item_id: item.id } }))}
                  >
                    ×
                  </button>`
                : nothing
            }
          </li>`,
      )}
    </ul>
    ${
      work
        ? html`<form class="row" @submit=${addItem(host)}>
            <label class="sr-only" for="new-item">New checklist item</label>
            <input id="new-item" name="text" placeholder="Add an item" maxlength="2000" class="grow" />
            <button class="button small">Add</button>
          </form>`
        : nothing
    }
  </section>`;
}

function upload(host: CardPartsHost) {
  return async (event: Event) => {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    await host.change(
      () => call("upload_card_attachment", { params: { card_id: host.cardId }, body: fileForm(file) }),
      `${file.name} attached.`,
    );
    input.value = "";
  };
}

export function attachments(host: CardPartsHost) {
  const { files, work } = host;
  if (!files.length && !work) return nothing;
  return html`<section class="part files" aria-labelledby="files-title">
    <h3 id="files-title">Attachments</h3>
    ${
      files.length
        ? html`<ul class="list file-list">
            ${files.map(
              (file) =>
                html`<li>
                  <a href="/api/v1/attachments/${file.id}" download=${file.filename}>${file.filename}</a>
                  <span class="row"
                    ><span class="faint">${Math.max(1, Math.round(file.size / 1024))} KB</span> ${
                      work
                        ? html`<button
                            class="icon-button"
                            aria-label="Delete ${file.filename}"
                            @click=${() => host.change(() => call("delete_attachment", { params: { attachment_id: file.id } }))}
                          >
                            ×
                          </button>`
                        : nothing
                    }</span
                  >
                </li>`,
            )}
          </ul>`
        : nothing
    }
    ${
      work
        ? html`<label class="button small start"
            >Upload a file<input class="sr-only" type="file" @change=${upload(host)}
          /></label>`
        : nothing
    }
  </section>`;
}
