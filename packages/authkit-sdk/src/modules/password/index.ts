import type { AuthKitClient } from "../../core/client.ts";
import { errorDetail } from "../../core/events.ts";
import { toAuthKitError, type AuthKitError } from "../../core/errors.ts";
import type {
  AuthResponse,
  AuthSuccess,
  LoginAnswer,
  LoginResult,
  PasswordLoginBody,
} from "../../core/types.ts";
import { failureOf, loginResult } from "../results.ts";

export interface PasswordLoginOptions {
  username: string;
  password: string;
  onSuccess?: (result: AuthSuccess<LoginResult>) => void;
  onError?: (error: AuthKitError) => void;
}

/** Username and password login with the tenant's session token. */
export class PasswordModule {
  constructor(private readonly auth: AuthKitClient) {}

  /** `POST /auth/v1/password/login`. Emits AUTH_SUCCESS or AUTH_ERROR. */
  async login(options: PasswordLoginOptions): Promise<AuthResponse<LoginResult>> {
    try {
      const answer = await this.auth.request<LoginAnswer>({
        path: "/auth/v1/password/login",
        body: { username: options.username, password: options.password } satisfies PasswordLoginBody,
      });
      const result = loginResult(answer);
      this.auth.emit("authkit:auth:success", result);
      const success: AuthSuccess<LoginResult> = { success: true, ...result };
      options.onSuccess?.(success);
      return success;
    } catch (thrown) {
      const error = toAuthKitError(thrown);
      this.auth.emit("authkit:auth:error", errorDetail(error));
      options.onError?.(error);
      return failureOf(error);
    }
  }
}
