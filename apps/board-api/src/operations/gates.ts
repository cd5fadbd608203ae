import {
  ackGateCriterion,
  createGateCriterion,
  deleteGateCriterion,
  getCardGate,
  listGateCriteria,
  removeGateAck,
  updateGateCriterion,
} from "../services/gates.ts";
import type { Implementations } from "./types.ts";

export const gateImplementations = {
  get_card_gate: (ctx, { params }) => getCardGate({ ...ctx, cardId: params.card_id }),
  ack_gate_criterion: (ctx, { params, body }) =>
    ackGateCriterion({
      ...ctx,
      cardId: params.card_id,
      criterionId: body.criterion_id,
      note: body.note,
    }),
  remove_gate_ack: (ctx, { params }) =>
    removeGateAck({ ...ctx, cardId: params.card_id, criterionId: params.criterion_id }),
  list_gate_criteria: (ctx, { params, query }) =>
    listGateCriteria({ ...ctx, projectId: params.project_id, query }),
  create_gate_criterion: (ctx, { params, body }) =>
    createGateCriterion({ ...ctx, projectId: params.project_id, input: body }),
  update_gate_criterion: (ctx, { params, body }) =>
    updateGateCriterion({ ...ctx, criterionId: params.criterion_id, input: body }),
  delete_gate_criterion: (ctx, { params }) =>
    deleteGateCriterion({ ...ctx, criterionId: params.criterion_id }),
} satisfies Partial<Implementations>;
