/**
 * Tax as the tax module applies it: the rates a tax rule applies to taxable goods for retail customers,
 * each for a country and a region (0: every region). A fresh installation ships two US rates but no rule,
 * so it taxes nothing: `store.taxRates` is empty until a test gives rates. The rate is picked by the
 * shipping address (else the billing one), and taxes each row after its discount.
 */
import type { Entity } from '../store.ts';
import type { PostalAddress } from './address.ts';

export interface TaxRate {
  /** The rate's code, also its title (`US-MI-*-Rate 1`, `VAT23`). */
  code: string;
  country_id: string;
  /** The region it applies to; 0 for the whole country. */
  region_id: number;
  percent: number;
}

export const money = (n: number) => Math.round(n * 100) / 100;

/** The rate for an address: the region's own, else the country's. */
export function rateFor(rates: readonly TaxRate[], address: PostalAddress | undefined): TaxRate | undefined {
  if (!address) return undefined;
  const country = rates.filter((r) => r.country_id === address.country_id);
  return country.find((r) => r.region_id === address.region.region_id && r.region_id !== 0) ?? country.find((r) => r.region_id === 0);
}

/** The tax on an amount at a rate (none without one). */
export const taxOn = (amount: number, rate: TaxRate | undefined) => (rate ? money((amount * rate.percent) / 100) : 0);

/** An applied tax as the order's `applied_taxes` (and each item's) write it. */
export function appliedTax(rate: TaxRate, amount: number): Entity {
  return { code: rate.code, title: rate.code, percent: rate.percent, amount, base_amount: amount };
}
