import type { BillLine, PlanAddOn } from '@openkefu/contract';

/** A plan's prices, as a bill needs them. */
export type PlanPrices = {
  monthlyCents: number;
  includedSeats: number;
  seatMonthlyCents: number;
  includedTokens: number;
  tokenMillionCents: number;
  addOns: PlanAddOn[];
};

export type MonthUsage = {
  /** The month's peak of seats in use. */
  peakSeats: number;
  tokens: number;
};

const tokensPerUnit = 1_000_000;

/** ⌈quantity × price / per⌉ in exact integers (the product may pass 2^53). */
const ceilDivide = (quantity: number, price: number, per: number): number => {
  const product = BigInt(quantity) * BigInt(price);
  const divisor = BigInt(per);
  return Number((product + divisor - 1n) / divisor);
};

/**
 * A month's bill: the base fee, seats beyond the included ones at the month's peak, tokens beyond
 * the included ones per million (rounded up to the cent, never down), and each add-on switched on
 * that the plan still offers. Lines with nothing to charge are left out, except the base.
 */
export const computeBill = (
  plan: PlanPrices,
  usage: MonthUsage,
  addOnCodes: readonly string[],
): { lines: BillLine[]; totalCents: number } => {
  const lines: BillLine[] = [
    {
      kind: 'base',
      label: 'base',
      quantity: 1,
      unitCents: plan.monthlyCents,
      amountCents: plan.monthlyCents,
    },
  ];
  const extraSeats = Math.max(0, usage.peakSeats - plan.includedSeats);
  if (extraSeats > 0 && plan.seatMonthlyCents > 0)
    lines.push({
      kind: 'seats',
      label: 'seats',
      quantity: extraSeats,
      unitCents: plan.seatMonthlyCents,
      amountCents: extraSeats * plan.seatMonthlyCents,
    });
  const extraTokens = Math.max(0, usage.tokens - plan.includedTokens);
  if (extraTokens > 0 && plan.tokenMillionCents > 0)
    lines.push({
      kind: 'tokens',
      label: 'tokens',
      quantity: extraTokens,
      // Per million tokens.
      unitCents: plan.tokenMillionCents,
      amountCents: ceilDivide(extraTokens, plan.tokenMillionCents, tokensPerUnit),
    });
  const chosen = new Set(addOnCodes);
  for (const addOn of plan.addOns)
    if (chosen.has(addOn.code))
      lines.push({
        kind: 'addon',
        label: addOn.code,
        quantity: 1,
        unitCents: addOn.monthlyCents,
        amountCents: addOn.monthlyCents,
      });
  return { lines, totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0) };
};
