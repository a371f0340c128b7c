// The repair service's rules (SPEC §2 Repair wizard, §3 Repair request, §4 Repair wizard, §5, §9).
// Costs are integer kopecks, shown in roubles.

/** SPEC §9: the repair discount price is 90 % of the cost. */
export const REPAIR_DISCOUNT_PERCENT = 90;

/** The discount price of a cost in kopecks, rounded to a whole kopeck. */
export function repairDiscountPrice(costKopecks: number): number {
  if (!Number.isInteger(costKopecks) || costKopecks < 0)
    throw new RangeError(`cost must be whole kopecks, got ${costKopecks}`);
  return Math.round((costKopecks * REPAIR_DISCOUNT_PERCENT) / 100);
}

/** SPEC §7 GET /v1/device-types?format=: the formats of device types. */
export const REPAIR_DEVICE_FORMATS = ['regular', 'major-appliance'] as const;
export type RepairDeviceFormat = (typeof REPAIR_DEVICE_FORMATS)[number];
