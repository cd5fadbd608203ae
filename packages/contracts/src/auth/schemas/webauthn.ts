// WebAuthn JSON as browsers produce it (PublicKeyCredential.toJSON(); extra members allowed) and
// the options the server hands them.
import { StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { Base64Url } from "./primitives.ts";

const ClientExtensionResults = z.looseObject({}).openapi({ description: "getClientExtensionResults()." });

export const RegistrationResponseJSONSchema = z
  .looseObject({
    id: Base64Url,
    rawId: Base64Url,
    type: z.literal("public-key"),
    response: z.looseObject({
      clientDataJSON: Base64Url,
      attestationObject: Base64Url,
      transports: z.array(StorableText).optional(),
    }),
    authenticatorAttachment: StorableText.optional(),
    clientExtensionResults: ClientExtensionResults.default({}),
  })
  .openapi("RegistrationResponseJSON");
export type RegistrationResponseJSON = z.infer<typeof RegistrationResponseJSONSchema>;

export const AuthenticationResponseJSONSchema = z
  .looseObject({
    id: Base64Url,
    rawId: Base64Url,
    type: z.literal("public-key"),
    response: z.looseObject({
      clientDataJSON: Base64Url,
      authenticatorData: Base64Url,
      signature: Base64Url,
      userHandle: Base64Url.optional(),
    }),
    authenticatorAttachment: StorableText.optional(),
    clientExtensionResults: ClientExtensionResults.default({}),
  })
  .openapi("AuthenticationResponseJSON");
export type AuthenticationResponseJSON = z.infer<typeof AuthenticationResponseJSONSchema>;

/** PublicKeyCredentialCreationOptionsJSON (WebAuthn Level 3), for PublicKeyCredential.parseCreationOptionsFromJSON. */
export const CreationOptionsJSONSchema = z
  .looseObject({
    challenge: Base64Url,
    rp: z.looseObject({ id: z.string().optional(), name: z.string() }),
    user: z.looseObject({ id: Base64Url, name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.looseObject({ type: z.string(), alg: z.number() })),
  })
  .openapi("PublicKeyCredentialCreationOptionsJSON");
/** PublicKeyCredentialRequestOptionsJSON, for PublicKeyCredential.parseRequestOptionsFromJSON. */
export const RequestOptionsJSONSchema = z
  .looseObject({ challenge: Base64Url, rpId: z.string().optional(), userVerification: z.string().optional() })
  .openapi("PublicKeyCredentialRequestOptionsJSON");
