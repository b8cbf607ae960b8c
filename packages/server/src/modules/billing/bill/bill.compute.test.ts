import { describe, expect, it } from 'vitest';
import { computeBill, type PlanPrices } from './bill.compute.js';
import { addMonths, daysBetween, periodBounds, previousPeriod } from './billing.dates.js';

const plan: PlanPrices = {
  monthlyCents: 10_000,
  includedSeats: 2,
  seatMonthlyCents: 3_000,
  includedTokens: 1_000_000,
  tokenMillionCents: 1_999,
  addOns: [
    { code: 'sla', name: 'SLA', monthlyCents: 5_000 },
    { code: 'audit', name: 'Audit', monthlyCents: 2_000 },
  ],
};

describe('computeBill', () => {
  it('charges the base alone within what the plan includes', () => {
    const bill = computeBill(plan, { peakSeats: 2, tokens: 1_000_000 }, []);
    expect(bill.lines).toEqual([
      { kind: 'base', label: 'base', quantity: 1, unitCents: 10_000, amountCents: 10_000 },
    ]);
    expect(bill.totalCents).toBe(10_000);
  });

  it('charges seats beyond the included ones at the peak, each at the seat price', () => {
    const bill = computeBill(plan, { peakSeats: 5, tokens: 0 }, []);
    expect(bill.lines[1]).toEqual({
      kind: 'seats',
      label: 'seats',
      quantity: 3,
      unitCents: 3_000,
      amountCents: 9_000,
    });
    expect(bill.totalCents).toBe(19_000);
  });

  it('charges tokens beyond the included ones per million, rounded up to the cent', () => {
    // 1 token over at ¥19.99 per million is 0.001999 cents: one cent, never zero.
    expect(computeBill(plan, { peakSeats: 0, tokens: 1_000_001 }, []).lines[1]).toMatchObject({
      kind: 'tokens',
      quantity: 1,
      unitCents: 1_999,
      amountCents: 1,
    });
    // 2.5 million over: 2.5 × 1999 = 4997.5 → 4998.
    expect(computeBill(plan, { peakSeats: 0, tokens: 3_500_000 }, []).lines[1].amountCents).toBe(4_998);
    // Exactly 2 million over: no rounding.
    expect(computeBill(plan, { peakSeats: 0, tokens: 3_000_000 }, []).lines[1].amountCents).toBe(3_998);
    // Huge counts stay exact (the product passes 2^53).
    expect(
      computeBill({ ...plan, includedTokens: 0 }, { peakSeats: 0, tokens: 9_000_000_000_000 }, []).lines[1]
        .amountCents,
    ).toBe(17_991_000_000);
  });

  it('adds the add-ons switched on that the plan offers, and ignores others', () => {
    const bill = computeBill(plan, { peakSeats: 0, tokens: 0 }, ['audit', 'retired']);
    expect(bill.lines.map((line) => [line.kind, line.label, line.amountCents])).toEqual([
      ['base', 'base', 10_000],
      ['addon', 'audit', 2_000],
    ]);
    expect(bill.totalCents).toBe(12_000);
  });

  it('adds everything up', () => {
    const bill = computeBill(plan, { peakSeats: 3, tokens: 2_000_000 }, ['sla', 'audit']);
    expect(bill.totalCents).toBe(10_000 + 3_000 + 1_999 + 5_000 + 2_000);
  });
});

describe('billing dates', () => {
  it('steps months, keeping the day where the month has it', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(previousPeriod('2026-01')).toBe('2025-12');
    expect(periodBounds('2026-02')).toMatchObject({ firstDay: '2026-02-01', lastDay: '2026-02-28' });
    expect(daysBetween('2026-03-01', '2026-02-27')).toBe(-2);
  });
});
