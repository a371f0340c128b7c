/** Turns the static catalogue definitions into rows with stable ids. */
import { BRANDS } from './data/brands.ts';
import { CATEGORY_TREE, flattenCategories, type FlatCategory } from './data/categories.ts';
import { GROUPS, type Color, type GroupKey, type Profile, type Props, type SpecDef } from './data/profile-kit.ts';
import { PROFILES } from './data/profiles.ts';
import { Random, mixSeed } from './random.ts';
import { slugify } from './text.ts';

export interface BrandRef {
  id: number;
  code: string;
  name: string;
  color: string;
}

export interface SeriesRef {
  id: number;
  brand: BrandRef;
  categoryId: number;
  name: string;
  code: string;
  weight: number;
  models: ModelRef[];
}

export interface ModelRef {
  id: number;
  series: SeriesRef;
  name: string;
  code: string;
  /** 0 budget … 1 flagship. */
  tier: number;
  size: number | undefined;
  props: Props;
  palette: readonly Color[];
}

export interface SpecRef {
  id: number;
  def: SpecDef;
  groupId: number;
  groupName: string;
  /** Importance: order in the profile (10, 20, …). */
  sortMain: number;
  valueIds: Map<string, number>;
}

export interface CategoryRef {
  category: FlatCategory;
  profile: Profile;
  /** In display order: by group, then importance. */
  specs: SpecRef[];
  specByCode: Map<string, SpecRef>;
  series: SeriesRef[];
  seriesWeights: number[];
}

export interface SpecValueRow {
  id: number;
  specificationId: number;
  name: string;
  sort: number;
}

export interface Catalog {
  categories: FlatCategory[];
  categoryById: Map<number, FlatCategory>;
  brands: BrandRef[];
  brandByCode: Map<string, BrandRef>;
  leaves: CategoryRef[];
  leafById: Map<number, CategoryRef>;
  series: SeriesRef[];
  models: ModelRef[];
  specs: SpecRef[];
  specValues: SpecValueRow[];
}

const GROUP_ORDER = Object.keys(GROUPS) as GroupKey[];

function expandModels(entries: Profile['series'][number]): { name: string; size: number | undefined; props: Props }[] {
  const out: { name: string; size: number | undefined; props: Props }[] = [];
  for (const entry of entries.models) {
    const [name, props] = typeof entry === 'string' ? [entry, {}] : [entry[0], entry[1]];
    const merged: Props = { ...(entries.props ?? {}), ...props };
    if (name.includes('{d}') && entries.sizes) {
      for (const size of entries.sizes) out.push({ name: name.replace('{d}', String(size)), size, props: merged });
    } else {
      out.push({ name, size: undefined, props: merged });
    }
  }
  return out;
}

/** Builds the catalogue; `seed` only affects the per-model tier jitter. */
export function buildCatalog(seed: number): Catalog {
  const categories = flattenCategories(CATEGORY_TREE);
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const brands: BrandRef[] = BRANDS.map((b, i) => ({
    id: i + 1,
    code: b.code,
    name: b.name,
    color: b.color ?? '#333333',
  }));
  const brandByCode = new Map(brands.map((b) => [b.code, b]));

  const profileByCategory = new Map<number, Profile>();
  for (const profile of PROFILES) {
    if (profileByCategory.has(profile.categoryId)) throw new Error(`Two profiles for category ${profile.categoryId}`);
    profileByCategory.set(profile.categoryId, profile);
  }

  const leaves: CategoryRef[] = [];
  const allSeries: SeriesRef[] = [];
  const allModels: ModelRef[] = [];
  const allSpecs: SpecRef[] = [];
  const specValues: SpecValueRow[] = [];
  let specId = 0;
  let valueId = 0;

  for (const category of categories) {
    if (!category.isLeaf) continue;
    const profile = profileByCategory.get(category.id);
    if (!profile) throw new Error(`No profile for leaf category ${category.id} ${category.name}`);

    // Colours of the colour spec: every palette of the profile and its series.
    const colorNames = new Set<string>();
    for (const c of profile.colors) colorNames.add(c[0]);
    for (const s of profile.series) for (const c of s.colors ?? []) colorNames.add(c[0]);

    const specsInProfileOrder: SpecRef[] = profile.specs.map((def, index) => {
      const group = GROUPS[def.group];
      const values = def.code === 'color' && def.values.length === 0 ? [...colorNames] : def.values;
      const ref: SpecRef = {
        id: ++specId,
        def: { ...def, values },
        groupId: group[0],
        groupName: group[1],
        sortMain: (index + 1) * 10,
        valueIds: new Map(),
      };
      values.forEach((name, i) => {
        if (ref.valueIds.has(name)) return;
        ref.valueIds.set(name, ++valueId);
        specValues.push({ id: valueId, specificationId: ref.id, name, sort: (i + 1) * 10 });
      });
      return ref;
    });
    const specs = [...specsInProfileOrder].sort(
      (a, b) => GROUP_ORDER.indexOf(a.def.group) - GROUP_ORDER.indexOf(b.def.group) || a.sortMain - b.sortMain,
    );
    allSpecs.push(...specsInProfileOrder);

    const series: SeriesRef[] = [];
    for (const def of profile.series) {
      const brand = brandByCode.get(def.brand);
      if (!brand) throw new Error(`Unknown brand ${def.brand} in category ${category.id}`);
      const ref: SeriesRef = {
        id: allSeries.length + 1,
        brand,
        categoryId: category.id,
        name: def.name,
        code: slugify(def.name) || 'series',
        weight: def.weight ?? 1,
        models: [],
      };
      allSeries.push(ref);
      series.push(ref);
      const expanded = expandModels(def);
      const [lo, hi] = def.tier;
      const palette = def.colors ?? profile.colors;
      // Models spread over the series tier in list order; sizes of one model share its tier.
      const baseNames = [
        ...new Set(expanded.map((e) => (e.size === undefined ? e.name : e.name.replace(String(e.size), '{d}')))),
      ];
      expanded.forEach((entry) => {
        const id = allModels.length + 1;
        const jitter = new Random(mixSeed(seed, id, 0x7e1));
        const baseName = entry.size === undefined ? entry.name : entry.name.replace(String(entry.size), '{d}');
        const position = baseNames.indexOf(baseName);
        const span = hi - lo;
        const tier = Math.min(
          1,
          Math.max(0, lo + span * ((position + 0.5) / baseNames.length) + jitter.float(-0.04, 0.04) * span),
        );
        const model: ModelRef = {
          id,
          series: ref,
          name: entry.name,
          code: slugify(entry.name) || `model-${id}`,
          tier,
          size: entry.size,
          props: entry.props,
          palette,
        };
        ref.models.push(model);
        allModels.push(model);
      });
    }
    const ref: CategoryRef = {
      category,
      profile,
      specs,
      specByCode: new Map(specs.map((s) => [s.def.code, s])),
      series,
      seriesWeights: series.map((s) => s.weight),
    };
    leaves.push(ref);
  }

  return {
    categories,
    categoryById,
    brands,
    brandByCode,
    leaves,
    leafById: new Map(leaves.map((l) => [l.category.id, l])),
    series: allSeries,
    models: allModels,
    specs: allSpecs,
    specValues,
  };
}
