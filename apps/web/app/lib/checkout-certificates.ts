// The checkout's gift certificates as the page shows them (checkout-certificates.server.ts computes them).
export interface CheckoutCertificateLine {
  /** As printed: XABC-DEFG-HJKM-NPQR. */
  code: string;
  rawCode: string;
  /** Kopecks it can pay now. */
  balance: number;
  /** Kopecks it pays of this order. */
  amount: number;
  error: string | null;
}

export interface CheckoutCertificates {
  lines: CheckoutCertificateLine[];
  /** Kopecks the certificates pay together. */
  paid: number;
  /** Kopecks left to pay by the chosen method. */
  due: number;
}
