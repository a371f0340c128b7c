// Which categories hold accessories for which: a phone gets cases, chargers, power banks, earphones
// and set-up; a fridge gets delivery-day installation. Keyed by the product's own category.
export const ACCESSORY_GROUPS: Readonly<Record<number, readonly number[]>> = {
  224: [110, 111, 112, 105, 902],
  107: [110, 111, 112, 306],
  102: [111, 105],
  103: [111],
  201: [207, 202, 206, 901],
  202: [207],
  301: [307, 306, 308, 311],
  302: [307, 306, 308],
  303: [302, 306, 307, 310, 311],
  304: [307, 306],
  401: [901, 902],
  402: [901],
  403: [901],
  404: [901],
  405: [901],
  411: [901],
  414: [901],
  507: [901],
  508: [901],
  509: [901],
  702: [705],
  703: [705],
  704: [112],
  801: [802, 803, 804],
};

export function accessoryGroupsFor(categoryId: number): readonly number[] {
  return ACCESSORY_GROUPS[categoryId] ?? [];
}
