/** Generates products one by one; every product depends only on (seed, id, product count). */
import type { BulkWriter } from './bulk.ts';
import type { Catalog, CategoryRef, ModelRef, SeriesRef, SpecRef } from './catalog.ts';
import { Ctx, type Built, type Color, type SpecValue } from './data/profile-kit.ts';
import { generateComments, hasManyQuestions } from './comments.ts';
import { Random, WeightedTable, mixSeed } from './random.ts';
import { formatNumber, retailRubles, slugify } from './text.ts';

/** All dates derive from this instant (SPEC: deterministic data). */
export const BASE_DATE = Date.UTC(2026, 10, 1, 0, 0, 0);
const DAY = 86_400_000;

export const STICKERS = {
  hit: { code: 'hit', text: 'Хит продаж', color: '#ff3b30' },
  new: { code: 'new', text: 'Новинка', color: '#34c759' },
  sale: { code: 'sale', text: 'Скидка', color: '#ff9500' },
  profit: { code: 'profit', text: 'Выгода', color: '#af52de' },
  online: { code: 'online', text: 'Только онлайн', color: '#007aff' },
  installment: { code: 'installment', text: 'Рассрочка 0-0-24', color: '#5856d6' },
  preorder: { code: 'preorder', text: 'Предзаказ', color: '#8e8e93' },
} as const;
type Sticker = (typeof STICKERS)[keyof typeof STICKERS];

/** Tag ids used by product_tags; the rows themselves are in content.ts. */
export const TAG = {
  hits: 1,
  novelties: 2,
  bargain: 3,
  home: 4,
  gamers: 5,
  gifts: 6,
  smartHome: 7,
  nfcPhones: 8,
  noFrostFridges: 9,
  oledTv: 10,
  gamingLaptops: 11,
  tv55: 12,
  budgetPhones: 13,
  builtIn: 14,
  onlineOnly: 15,
} as const;

export const SUPPLIER_IDS = [1, 2, 3, 4, 5];

const GIFT_CATEGORIES = new Set([102, 103, 105, 204, 205, 601, 603, 604, 19, 801]);
const BUILT_IN_CATEGORIES = new Set([507, 508, 509]);
const YOUTUBE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export interface StockPlan {
  moscow: number[];
  spb: number[];
  /** Multicenters of each other city, with the share of the catalogue its stores hold. */
  regions: { stores: number[]; share: number }[];
}

/** Share of products a regional city's multicenters hold, by population (a shopper there can buy). */
export function regionalStockShare(population: number): number {
  return population >= 1_000_000 ? 0.5 : population >= 500_000 ? 0.25 : 0.12;
}

/** A 53-bit key of a name: names are checked for uniqueness without keeping a million strings. */
function nameKey(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x2545f491;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
}

/** Revisions of a model sold under one name: «(2025)», …, «(2020)», then «(исполнение 7)». */
function revision(k: number): string {
  return k <= 6 ? `(${2026 - k})` : `(исполнение ${k})`;
}

interface Identity {
  leaf: CategoryRef;
  series: SeriesRef;
  model: ModelRef;
  color: Color;
  ctx: Ctx;
  built: Built;
  name: string;
  modelPart: string;
}

export interface ProductWriters {
  products: BulkWriter;
  comments: BulkWriter;
  offers: BulkWriter;
  images: BulkWriter;
  specs: BulkWriter;
  stock: BulkWriter;
  tags: BulkWriter;
  supplierOffers: BulkWriter;
}

export class ProductGenerator {
  private readonly categoryTable: WeightedTable<CategoryRef>;
  private readonly seriesTables = new Map<number, WeightedTable<SeriesRef>>();
  private readonly modelColors = new Map<number, readonly Color[]>();
  /** Leaves in weight order: the first products cover every category once. */
  private readonly firstLeaves: CategoryRef[];
  private readonly multiplier: number;
  /** Comment ids are assigned in generation order, so they are deterministic too. */
  private nextCommentId = 1;
  private readonly offset: number;
  /** Keys of the names given so far: every product name is unique (no listing shows one name twice). */
  private readonly usedNames = new Set<number>();
  /** Models of services and digital goods already sold: each is one product («no service twice»). */
  private readonly usedModels = new Set<number>();
  /** Models whose colours and variants ran out: their next products go straight to a revision. */
  private readonly exhaustedModels = new Set<number>();
  /** The next revision number to try per base name key, so a million products never rescan. */
  private readonly nextRevision = new Map<number, number>();

  constructor(
    private readonly catalog: Catalog,
    private readonly seed: number,
    private readonly total: number,
    private readonly stockPlan: StockPlan,
  ) {
    const leaves = catalog.leaves;
    this.categoryTable = new WeightedTable(
      leaves,
      leaves.map((l) => l.profile.weight),
    );
    for (const leaf of leaves)
      this.seriesTables.set(leaf.category.id, new WeightedTable(leaf.series, leaf.seriesWeights));
    this.firstLeaves = [...leaves].sort((a, b) => b.profile.weight - a.profile.weight || a.category.id - b.category.id);
    // position = a permutation of 1..total: ((id - 1) * multiplier + offset) mod total + 1.
    this.multiplier = pickCoprime(total, seed);
    this.offset = mixSeed(seed, 0x0ff5e7) % Math.max(1, total);
  }

  private colorsOf(model: ModelRef, profileRange: readonly [number, number]): readonly Color[] {
    let colors = this.modelColors.get(model.id);
    if (!colors) {
      const r = new Random(mixSeed(this.seed, model.id, 0xc010));
      const count = r.int(profileRange[0], profileRange[1]);
      const unique = [...new Map(model.palette.map((c) => [c[0], c])).values()];
      // Keep duplicates of the palette as weights for the first pick (TVs are mostly black).
      const first = r.pick(model.palette);
      const rest = r.sample(
        unique.filter((c) => c[0] !== first[0]),
        count - 1,
      );
      colors = [first, ...rest];
      this.modelColors.set(model.id, colors);
    }
    return colors;
  }

  private composeName(
    leaf: CategoryRef,
    model: ModelRef,
    built: Built,
    color: Color,
    showColor: boolean,
  ): { name: string; modelPart: string } {
    const brand = model.series.brand;
    const modelPart = model.name.toLowerCase().startsWith(brand.name.toLowerCase())
      ? model.name
      : `${brand.name} ${model.name}`;
    let name = built.name ?? `${leaf.profile.noun} ${modelPart}${built.variant ? ` ${built.variant}` : ''}`;
    if (showColor) name += built.variant || built.name ? `, ${color[0]}` : ` ${color[0]}`;
    return { name, modelPart };
  }

  private ctxFor(model: ModelRef, v: Random, color: Color): Ctx {
    const brand = model.series.brand;
    return new Ctx(
      new Random(mixSeed(this.seed, model.id, 0x3d31)),
      v,
      model.tier,
      model.size,
      model.props,
      brand.code,
      brand.name,
      model.name,
      model.series.name,
      color,
    );
  }

  /**
   * The category, model, colour, variant and name of product `id`. A name already given is avoided by
   * another colour of the model, then another variant (memory, size), then the colour named where the
   * profile leaves it out; a physical product then gets a model-year revision, and a service or digital
   * good (one product per model) goes to another category.
   */
  private identify(id: number, r: Random): Identity {
    let leaf =
      id <= this.firstLeaves.length && this.total >= this.firstLeaves.length
        ? (this.firstLeaves[id - 1] as CategoryRef)
        : this.categoryTable.pick(r);
    for (let tries = 0; ; tries++) {
      const found = this.identifyIn(id, leaf, r, tries >= 40);
      if (found) {
        this.usedNames.add(nameKey(found.name));
        return found;
      }
      leaf = this.categoryTable.pick(r);
    }
  }

  private identifyIn(id: number, leaf: CategoryRef, r: Random, lastResort: boolean): Identity | null {
    const profile = leaf.profile;
    const physical = (profile.kind ?? 'physical') === 'physical';
    const series = (this.seriesTables.get(leaf.category.id) as WeightedTable<SeriesRef>).pick(r);
    let model: ModelRef;
    if (physical || lastResort) model = r.pick(series.models);
    else {
      const free = series.models.filter((m) => !this.usedModels.has(m.id));
      if (free.length === 0) return null;
      model = r.pick(free);
    }
    const colors = this.colorsOf(model, profile.colorsPerModel ?? [1, 3]);
    const color = r.pick(colors);
    const taken = (name: string) => this.usedNames.has(nameKey(name));
    const others = [
      ...new Map([...colors, ...model.palette].filter((c) => c[0] !== color[0]).map((c) => [c[0], c])).values(),
    ];
    for (let attempt = 0; attempt < (this.exhaustedModels.has(model.id) ? 0 : 4); attempt++) {
      // The first attempt draws the variant from the product's own stream, as it always did.
      const v = attempt === 0 ? r : new Random(mixSeed(this.seed, id, 0x5a17, attempt));
      const ctx = this.ctxFor(model, v, color);
      const built = profile.build(ctx);
      const named = (built.showColor ?? true) && built.name === undefined;
      for (const c of [color, ...(named ? others : [])]) {
        const { name, modelPart } = this.composeName(leaf, model, built, c, named);
        if (!taken(name)) return this.take(leaf, series, model, c, ctx, built, name, modelPart, physical);
      }
      if (!named && physical && built.name === undefined)
        for (const c of [color, ...others]) {
          const { name, modelPart } = this.composeName(leaf, model, built, c, true);
          if (!taken(name)) return this.take(leaf, series, model, c, ctx, built, name, modelPart, physical);
        }
    }
    if (!physical && !lastResort) return null;
    this.exhaustedModels.add(model.id);
    const ctx = this.ctxFor(model, r, color);
    const built = profile.build(ctx);
    const named = (built.showColor ?? true) && built.name === undefined;
    const { name: base, modelPart } = this.composeName(leaf, model, built, color, named);
    const baseKey = nameKey(base);
    if (!taken(base)) return this.take(leaf, series, model, color, ctx, built, base, modelPart, physical);
    for (let k = this.nextRevision.get(baseKey) ?? 1; ; k++) {
      const name = `${base} ${revision(k)}`;
      if (!taken(name)) {
        this.nextRevision.set(baseKey, k + 1);
        return this.take(leaf, series, model, color, ctx, built, name, modelPart, physical);
      }
    }
  }

  private take(
    leaf: CategoryRef,
    series: SeriesRef,
    model: ModelRef,
    color: Color,
    ctx: Ctx,
    built: Built,
    name: string,
    modelPart: string,
    physical: boolean,
  ): Identity {
    if (!physical) this.usedModels.add(model.id);
    return { leaf, series, model, color, ctx, built, name, modelPart };
  }

  /** Appends every row of product `id` to the writers (no flushing). */
  generate(id: number, w: ProductWriters): void {
    const r = new Random(mixSeed(this.seed, id, 0x9d0c));
    const { leaf, series, model, color, built, name, modelPart } = this.identify(id, r);
    const profile = leaf.profile;
    const category = leaf.category;
    const brand = series.brand;
    const kind = profile.kind ?? 'physical';
    const physical = kind === 'physical';

    const values: Record<string, SpecValue | undefined> = { ...built.values };
    if (leaf.specByCode.has('color')) values['color'] = color[0];

    // Specifications.
    const specJson: string[] = [];
    const highlights: { sort: number; text: string }[] = [];
    for (const spec of leaf.specs) {
      const value = values[spec.def.code];
      if (value === undefined) continue;
      const rendered = renderValue(spec, value);
      let valueId: number | null = null;
      let numValue: number | null = null;
      if (spec.def.kind === 'list') {
        const vid = spec.valueIds.get(String(value));
        if (vid === undefined)
          throw new Error(`Category ${category.id}: value "${String(value)}" is not declared for ${spec.def.code}`);
        valueId = vid;
      } else {
        if (typeof value !== 'number' || !Number.isFinite(value))
          throw new Error(`Category ${category.id}: ${spec.def.code} needs a number, got ${String(value)}`);
        numValue = value;
      }
      w.specs.push([id, spec.id, valueId, numValue]);
      specJson.push(
        JSON.stringify({
          id: spec.id,
          name: spec.def.name,
          value: rendered,
          group_name: spec.groupName,
          sort_main: spec.sortMain,
        }),
      );
      // Highlights for the full name and description: filterable specs that read well on their own.
      if (spec.def.code !== 'color' && spec.def.filter) {
        if (value === 'Да') highlights.push({ sort: spec.sortMain, text: spec.def.name });
        else if (value !== 'Нет' && !/^[\d.,]+$/.test(rendered))
          highlights.push({ sort: spec.sortMain, text: rendered });
      }
    }
    highlights.sort((a, b) => a.sort - b.sort);
    const fullName = `${name} [${highlights
      .slice(0, 4)
      .map((h) => h.text)
      .join(', ')}]`;

    // Condition and availability.
    const status = r.chance(0.005) ? 0 : 1;
    const conditionRoll = r.next();
    const markdown = physical && conditionRoll < 0.03;
    const used = physical && !markdown && conditionRoll < 0.05;
    const demo = physical && !markdown && !used && conditionRoll < 0.06;
    const markdownGrade = markdown ? r.pick(['perfect', 'best', 'good'] as const) : null;
    const preorder = physical && !markdown && !used && !demo && r.chance(0.02);
    const available = !physical || preorder || r.next() >= 0.06;
    const supplierOffer = physical && !preorder && (available ? r.chance(0.02) : r.chance(0.5));
    const ageDays = r.int(0, 720);
    const createdAt = new Date(BASE_DATE - ageDays * DAY - r.int(0, 86_399) * 1000).toISOString();

    // Price.
    const exact = built.exactPrice === true;
    let rubles = exact ? Math.round(built.price) : retailRubles(built.price);
    let conditionBase: number | null = null;
    if (markdown || used || demo) {
      conditionBase = rubles;
      const cut = used
        ? r.float(0.25, 0.4)
        : markdown
          ? markdownGrade === 'perfect'
            ? r.float(0.07, 0.12)
            : markdownGrade === 'best'
              ? r.float(0.12, 0.2)
              : r.float(0.2, 0.3)
          : r.float(0.1, 0.2);
      rubles = retailRubles(rubles * (1 - cut));
    }
    const price = rubles * 100;
    let priceOld: number | null = conditionBase !== null ? conditionBase * 100 : null;
    if (priceOld === null && kind !== 'service' && !exact && r.chance(0.35))
      priceOld = retailRubles(rubles * r.float(1.07, 1.4)) * 100;
    if (priceOld !== null && priceOld <= price) priceOld = null;
    const pinkPrice =
      kind !== 'service' && !exact && rubles >= 1000 && r.chance(0.08) ? retailRubles(rubles * 0.95) * 100 : null;
    const superPrice = physical && rubles >= 5000 && r.chance(0.015) ? makeSuperPrice(r, rubles) : null;
    const onlinePrice = physical && rubles >= 2000 && r.chance(0.04) ? retailRubles(rubles * 0.97) * 100 : null;
    const tradeIn = profile.tradeIn === true && rubles >= 10000 && !used && !markdown;
    const tradeInDiscount = tradeIn
      ? Math.min(r.pick([3000, 5000, 7000, 10000, 15000]), Math.floor((rubles * 0.2) / 1000) * 1000 || 1000) * 100
      : null;
    const quantity = !available || preorder ? 0 : physical ? r.int(1, 150) : 9999;
    const preorderDate = preorder ? new Date(BASE_DATE + r.int(10, 60) * DAY).toISOString() : null;

    // Popularity.
    const position = (((((id - 1) * this.multiplier) % this.total) + this.offset) % this.total) + 1;
    const popularity = 1 - position / this.total;
    const reviews = ageDays < 14 ? r.int(0, 3) : Math.floor(Math.pow(popularity, 3) * r.float(0.3, 1.6) * 480);
    const rating =
      reviews === 0 ? 0 : Math.min(50, Math.max(10, Math.round(r.float(36, 50) - (reviews < 5 ? r.float(0, 15) : 0))));
    const questions = Math.floor(reviews * r.float(0.05, 0.3));
    // Stored reviews and questions (a few per product); the counters say how many are stored.
    const comments = generateComments(
      this.seed,
      id,
      reviews,
      rating,
      questions,
      this.nextCommentId,
      BASE_DATE,
      hasManyQuestions(id, position, this.total),
    );
    this.nextCommentId += comments.length;
    for (const c of comments) {
      w.comments.push([
        c.id,
        c.productId,
        c.type,
        c.parentId,
        c.authorName,
        c.rate,
        c.text,
        c.pros,
        c.cons,
        c.like,
        c.notLike,
        c.createdAt,
      ]);
    }
    const storedReviews = comments.filter((c) => c.type === 'review').length;
    const storedQuestions = comments.filter((c) => c.type === 'question').length;

    // Stickers.
    const stickers: Sticker[] = [];
    if (preorder) stickers.push(STICKERS.preorder);
    if (position <= Math.max(1, Math.floor(this.total * 0.03))) stickers.push(STICKERS.hit);
    if (ageDays < 30) stickers.push(STICKERS.new);
    if (priceOld !== null && !markdown && !used && !demo && priceOld >= price * 1.15) stickers.push(STICKERS.sale);
    if (pinkPrice !== null || superPrice !== null) stickers.push(STICKERS.profit);
    if (onlinePrice !== null) stickers.push(STICKERS.online);
    const installment = physical && rubles >= 15000 && r.chance(0.1);
    if (installment) stickers.push(STICKERS.installment);

    const tooltip: { type: string; text: string }[] = [];
    if (markdown)
      tooltip.push({
        type: 'markdown',
        text:
          markdownGrade === 'perfect'
            ? 'Уценённый товар: как новый, вскрыта упаковка'
            : markdownGrade === 'best'
              ? 'Уценённый товар: отличное состояние, незначительные следы использования'
              : 'Уценённый товар: хорошее состояние, есть потёртости',
      });
    if (used) tooltip.push({ type: 'used', text: 'Товар был в употреблении. Гарантия 90 дней' });
    if (demo) tooltip.push({ type: 'demo', text: 'Демонстрационный образец из торгового зала. Гарантия 90 дней' });
    if (preorder)
      tooltip.push({
        type: 'preorder',
        text: `Предзаказ: поступление ожидается ${formatDate(preorderDate as string)}`,
      });
    if (installment) tooltip.push({ type: 'info', text: 'Доступна рассрочка 0-0-24 без переплаты' });

    const manuals: { name: string; url: string }[] = [];
    if (physical && r.chance(0.6)) {
      manuals.push({ name: 'Инструкция по эксплуатации', url: `/manuals/${id}.pdf` });
      if (r.chance(0.3)) manuals.push({ name: 'Гарантийный талон', url: `/manuals/${id}-warranty.pdf` });
    }
    const youtube: string[] = [];
    if (physical && rubles >= 10000 && r.chance(0.12)) {
      const n = r.int(1, 2);
      for (let i = 0; i < n; i++) youtube.push(r.chars(YOUTUBE_ALPHABET, 11));
    }
    let comparedModel: string | null = null;
    if (physical && series.models.length > 1 && r.chance(0.15)) {
      const other = r.pick(series.models.filter((m) => m.id !== model.id));
      comparedModel = JSON.stringify({
        link: `/catalog/${category.code}/${category.id}/${brand.code}/${series.code}/${other.code}`,
        name: `${brand.name} ${other.name}`,
      });
    }

    const description = `${fillBlurb(r.pick(profile.blurbs), modelPart)} ${
      highlights.length > 0
        ? `Основные характеристики: ${highlights
            .slice(0, 3)
            .map((h) => h.text)
            .join(', ')}.`
        : ''
    }`.trim();
    const hexColor = color[1].replace('#', '').toLowerCase();
    // Front, angle and detail at least; the form (side-by-side, iPhone, 65" …) picks the drawing.
    const imageCount = physical ? r.int(3, 5) : 2;
    const form = pictureFormOf(category.id, brand.code, model, values);
    const folder = `/img/product/${category.code}/${form ? `${form}/` : ''}${hexColor}`;
    const image = `${folder}/1.svg`;
    for (let n = 1; n <= imageCount; n++) w.images.push([id, `${folder}/${n}.svg`, n]);

    let supplierId: number | null = null;
    if (supplierOffer) {
      const count = r.int(1, 2);
      const suppliers = r.sample(SUPPLIER_IDS, count);
      supplierId = suppliers[0] as number;
      for (const sid of suppliers) {
        const sp = retailRubles(rubles * r.float(0.97, 1.08)) * 100;
        w.supplierOffers.push([id, sid, sp, priceOld !== null && priceOld > sp ? priceOld : null, r.int(1, 40)]);
      }
    }

    const vat = profile.vat ?? 20;
    const maxQuantity = kind === 'service' ? 1 : kind === 'digital' ? 5 : (profile.maxQuantity ?? 10);
    w.products.push([
      id,
      name,
      fullName,
      slugify(name, 100),
      status,
      category.id,
      brand.id,
      series.id,
      model.id,
      supplierId,
      image,
      color[0],
      description,
      vat,
      maxQuantity,
      position,
      rating,
      storedReviews,
      storedQuestions,
      markdown,
      markdownGrade,
      used,
      demo,
      physical && rubles >= 3000,
      preorder,
      preorder && r.chance(0.3),
      JSON.stringify(stickers.slice(0, 3)),
      JSON.stringify(tooltip),
      JSON.stringify(manuals),
      JSON.stringify(youtube),
      comparedModel,
      `[${specJson.join(',')}]`,
      createdAt,
    ]);
    w.offers.push([
      id,
      price,
      priceOld,
      priceOld,
      pinkPrice,
      quantity,
      available,
      preorder ? 'preorder' : 'false',
      preorderDate,
      tradeInDiscount,
      superPrice === null ? null : JSON.stringify(superPrice),
      onlinePrice,
      tradeInDiscount === null ? null : price - tradeInDiscount,
      rubles >= 3000,
    ]);

    // Stock in multicenters: Moscow and Saint Petersburg for most products, a few other cities.
    if (physical && available && !preorder) {
      const stores = new Set<number>();
      if (r.chance(0.93)) for (const s of r.sample(this.stockPlan.moscow, r.int(1, 3))) stores.add(s);
      if (r.chance(0.86)) for (const s of r.sample(this.stockPlan.spb, r.int(1, 2))) stores.add(s);
      // Regional cities hold a share of the catalogue by size; the rest comes «Под заказ» by transfer.
      for (const region of this.stockPlan.regions) if (r.chance(region.share)) stores.add(r.pick(region.stores));
      for (const storeId of stores) w.stock.push([id, storeId, r.int(1, 20)]);
    }

    // Tags.
    const tags: number[] = [];
    if (position <= Math.max(1, Math.floor(this.total * 0.05))) tags.push(TAG.hits);
    if (ageDays < 60) tags.push(TAG.novelties);
    if (priceOld !== null) tags.push(TAG.bargain);
    if (category.rootId === 400 || category.rootId === 500) tags.push(TAG.home);
    if (category.rootId === 800 || model.props['gaming'] === true) tags.push(TAG.gamers);
    if (GIFT_CATEGORIES.has(category.id) && rubles < 30000) tags.push(TAG.gifts);
    if (category.id === 205 || category.id === 408 || values['wifi'] === 'Да' || values['smart'] === 'Да')
      tags.push(TAG.smartHome);
    if (category.id === 224 && values['nfc'] === 'Да') tags.push(TAG.nfcPhones);
    if (category.id === 401 && values['no_frost'] === 'Да') tags.push(TAG.noFrostFridges);
    if (category.id === 201 && values['tech'] === 'OLED') tags.push(TAG.oledTv);
    if (category.id === 301 && model.props['gaming'] === true) tags.push(TAG.gamingLaptops);
    if (category.id === 201 && values['diag'] === 55) tags.push(TAG.tv55);
    if (category.id === 224 && rubles < 15000) tags.push(TAG.budgetPhones);
    if (BUILT_IN_CATEGORIES.has(category.id) || values['builtin'] === 'Да' || values['install'] === 'полновстраиваемая')
      tags.push(TAG.builtIn);
    if (onlinePrice !== null) tags.push(TAG.onlineOnly);
    for (const tagId of tags) w.tags.push([id, tagId]);
  }
}

/**
 * The drawing of a product beyond its category (demo-pictures.ts draws each): the fridge's layout, the
 * phone's brand family, the TV's size class. Empty for categories drawn one way.
 */
export function pictureFormOf(
  categoryId: number,
  brandCode: string,
  model: ModelRef,
  values: Record<string, SpecValue | undefined>,
): string {
  switch (categoryId) {
    case 401:
      if (model.props['builtin'] === true) return 'built-in';
      return (
        { single: 'single-door', top: 'top-freezer', sbs: 'side-by-side', multi: 'french-door' }[
          String(model.props['type'] ?? '')
        ] ?? 'two-door'
      );
    case 224:
      if (brandCode === 'apple') return 'iphone';
      if (brandCode === 'samsung') return 'galaxy';
      if (brandCode === 'huawei' || brandCode === 'honor') return 'round-camera';
      if (brandCode === 'xiaomi' || brandCode === 'redmi' || brandCode === 'poco') return 'square-camera';
      return 'pill-camera';
    case 201: {
      const diag = typeof values['diag'] === 'number' ? values['diag'] : (model.size ?? 50);
      return diag <= 32 ? 'tv-32' : diag <= 50 ? 'tv-43' : diag <= 65 ? 'tv-55' : 'tv-75';
    }
    case 403:
      return values['load_type'] === 'вертикальная' || model.props['top'] === true ? 'top-load' : '';
    default:
      return '';
  }
}

function renderValue(spec: SpecRef, value: SpecValue): string {
  const unit = spec.def.unit;
  const text = typeof value === 'number' ? formatNumber(value, Math.max(spec.def.digits, 2)) : value;
  if (!unit) return text;
  if (unit === '"' || unit === '°C') return `${text}${unit}`;
  return `${text} ${unit}`;
}

function fillBlurb(template: string, name: string): string {
  return template.replaceAll('{name}', name);
}

function formatDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
}

function makeSuperPrice(
  r: Random,
  rubles: number,
): { final_price: number; discount: number; final_discount: number; conditions: { action_id: number }[] } {
  const finalRubles = retailRubles(rubles * (1 - r.float(0.05, 0.15)));
  const discount = (rubles - finalRubles) * 100;
  return {
    final_price: finalRubles * 100,
    discount,
    final_discount: Math.round((discount / (rubles * 100)) * 100),
    conditions: [{ action_id: 1000 + r.int(1, 12) }],
  };
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** A multiplier coprime with `n`, so the position mapping is a permutation. */
function pickCoprime(n: number, seed: number): number {
  if (n <= 2) return 1;
  let candidate = (mixSeed(seed, 0xc0) % (n - 1)) + 1;
  while (gcd(candidate, n) !== 1) candidate = (candidate % (n - 1)) + 1;
  return candidate;
}
