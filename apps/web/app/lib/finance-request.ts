// Shared by the insurance and finance pages and their action (finance-request.server.ts).

/** Hidden fields carrying a calculator's inputs into the application: `osago_power`, `deposit_amount` … */
export const CALCULATOR_PREFIX = { osago: 'osago_', deposit: 'deposit_' } as const;
