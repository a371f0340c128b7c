// The external trade-in evaluator (SPEC §7 POST /smartprice/txinfo, GET /smartprice/product,
// GET /smartprice/link; issue 16 item 4): the shape of an outside trade-in service — it values a device
// and answers a transaction id, the evaluated device, and a link where the shopper continues. The
// built-in implementation prices from our own list (trade_in_prices) and keeps each transaction in
// trade_in_evaluations, so it works offline and on every instance; a real service would be another
// TradeInEvaluator passed in createApi's adapters (decision 0037).
import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '@store/db';
import {
  conditionDeviceCode,
  lookupTradeInPrice,
  skipsMemoryStep,
  TRADE_IN_MESSAGES,
  type TradeInCondition,
} from '@store/domain';
import {
  findTradeInEvaluation,
  findTradeInModel,
  insertTradeInEvaluation,
  listTradeInPrices,
  type TradeInEvaluationRow,
} from '../data/trade-in.ts';
import { ApiError } from '../http/errors.ts';
import type { Logger } from '../logger.ts';
import { priceTable } from '../services/trade-in.ts';

export interface EvaluationRequest {
  model_id: number;
  /** GB; left out (or 0) for a model without memory sizes. */
  memory: number | null;
  condition: TradeInCondition;
  /** The new product the valuation is for, when there is one. */
  product_id: number | null;
}

export interface EvaluatorTransaction {
  txid: string;
  /** evaluated, or failed when no price came back (§8: the price is false). */
  status: 'evaluated' | 'failed';
  message: string | null;
  device: {
    model_id: number;
    brand: string;
    model: string;
    memory: number;
    condition: TradeInCondition;
    /** The exchange device record's reading (3, 2, 1). */
    condition_device: 3 | 2 | 1;
    price: number | false;
  };
  product_id: number | null;
  created_at: string;
}

export interface TradeInEvaluator {
  /** POST /smartprice/txinfo: values a device; an unknown model or memory is a 422 with the field. */
  evaluate(request: EvaluationRequest): Promise<EvaluatorTransaction>;
  /** GET /smartprice/product: the transaction as it was answered, or null. */
  transaction(txid: string): Promise<EvaluatorTransaction | null>;
  /** GET /smartprice/link: where the shopper continues with this transaction. */
  continueUrl(transaction: EvaluatorTransaction): string;
}

/** The built-in evaluator's transaction ids: «sp-» and 24 hex characters. */
export const LOCAL_TXID = /^sp-[0-9a-f]{24}$/;

function transactionOf(row: TradeInEvaluationRow): EvaluatorTransaction {
  return {
    txid: row.txid,
    status: row.price === null ? 'failed' : 'evaluated',
    message: row.price === null ? TRADE_IN_MESSAGES.priceFailed : null,
    device: {
      model_id: row.model_id,
      brand: row.brand,
      model: row.model,
      memory: row.memory_gb,
      condition: row.condition,
      condition_device: conditionDeviceCode(row.condition),
      price: row.price ?? false,
    },
    product_id: row.product_id,
    created_at: row.created_at,
  };
}

export function createLocalTradeInEvaluator(handle: DatabaseHandle, logger: Logger): TradeInEvaluator {
  return {
    async evaluate(request) {
      const model = await findTradeInModel(handle, request.model_id);
      if (!model) throw new ApiError(422, 'Такой модели нет в прайс-листе', { model_id: ['Модель не найдена'] });
      const table = priceTable(await listTradeInPrices(handle, model.id));
      const memory = skipsMemoryStep(table) ? 0 : request.memory;
      if (memory === null || !(String(memory) in table))
        throw new ApiError(422, 'У этой модели нет такого объёма памяти', { memory: ['Нет такого объёма памяти'] });
      const price = lookupTradeInPrice(table, memory, request.condition);
      const txid = `sp-${randomBytes(12).toString('hex')}`;
      if (price === false) logger.warn('trade-in evaluator price lookup failed', { txid, ...request, memory });
      const row = await insertTradeInEvaluation(handle, {
        txid,
        model_id: model.id,
        brand: model.brand,
        model: model.name,
        memory_gb: memory,
        condition: request.condition,
        price: price === false ? null : price,
        product_id: request.product_id,
      });
      return transactionOf(row);
    },
    async transaction(txid) {
      if (!LOCAL_TXID.test(txid)) return null;
      const row = await findTradeInEvaluation(handle, txid);
      return row ? transactionOf(row) : null;
    },
    continueUrl(transaction) {
      // Our own calculator continues the valuation: the new product's when there is one.
      return transaction.product_id === null
        ? '/service/trade-in#calculator'
        : `/service/trade-in?product=${transaction.product_id}#calculator`;
    },
  };
}
