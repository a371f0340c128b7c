// What the «Мультионы» sign-in form shows after a post (loyalty-sign-in.server.ts answers it).
export interface LoyaltySignInState {
  step: 'phone' | 'code';
  phone: string;
  requestId: string;
  /** The page to go back to once signed in. */
  back: string;
  errors: Partial<Record<'phone' | 'code', string>>;
  message: string | null;
}

export const loyaltySignInHref = (back: string) => `/user/loyalty?back=${encodeURIComponent(back)}`;
