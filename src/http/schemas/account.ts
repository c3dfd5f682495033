import { Type } from '@sinclair/typebox';

/** The public Account object's properties (docs/api.md, Resources); the operator's view adds its own after them. */
export const ACCOUNT_PROPERTIES = {
  plan: Type.String(),
  role: Type.String(),
  available_credits: Type.Integer(),
  max_batch_size: Type.Integer(),
  upload_concurrency: Type.Integer(),
};

export const Account = Type.Object(ACCOUNT_PROPERTIES);
