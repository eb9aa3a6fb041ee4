import type {
  CodeCatalogue,
  CreateDiscountCode,
  DeletedDiscountCode,
  DiscountCodeList,
  DiscountCodeView,
  GiftcardDetail,
  GiftcardList,
  GiftcardView,
  IssueGiftcard,
  LanguageCode,
  UpdateDiscountCode,
} from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiGet, apiSend } from "../../lib/api";
import { queryClient } from "../../lib/query-client";

const codesPath = (restaurantId: number) => `/restaurants/${restaurantId}/discount-codes`;
const cardsPath = (restaurantId: number) => `/restaurants/${restaurantId}/giftcards`;

export function discountCodesQuery(restaurantId: number) {
  return queryOptions({
    queryKey: ["discount-codes", restaurantId],
    queryFn: () => apiGet<DiscountCodeList>(codesPath(restaurantId)),
  });
}

export function codeCatalogueQuery(restaurantId: number, language: LanguageCode) {
  return queryOptions({
    queryKey: ["discount-codes", restaurantId, "catalogue", language],
    queryFn: () => apiGet<CodeCatalogue>(`${codesPath(restaurantId)}/catalogue?language=${language}`),
  });
}

const refreshCodes = (restaurantId: number) =>
  queryClient.invalidateQueries({ queryKey: ["discount-codes", restaurantId] });

export async function createDiscountCode(restaurantId: number, code: CreateDiscountCode) {
  const saved = await apiSend<DiscountCodeView>("POST", codesPath(restaurantId), code);
  await refreshCodes(restaurantId);
  return saved;
}

export async function updateDiscountCode(restaurantId: number, id: number, code: UpdateDiscountCode) {
  try {
    return await apiSend<DiscountCodeView>("PUT", `${codesPath(restaurantId)}/${id}`, code);
  } finally {
    // Also after a 409: the list then shows the version someone else saved.
    await refreshCodes(restaurantId);
  }
}

export async function setDiscountCodeActive(restaurantId: number, code: DiscountCodeView, isActive: boolean) {
  try {
    await apiSend("PUT", `${codesPath(restaurantId)}/${code.id}/active`, { isActive, version: code.edit.version });
  } finally {
    await refreshCodes(restaurantId);
  }
}

export async function deleteDiscountCode(restaurantId: number, code: DiscountCodeView) {
  try {
    return await apiSend<DeletedDiscountCode>(
      "DELETE",
      `${codesPath(restaurantId)}/${code.id}?version=${code.edit.version}`,
    );
  } finally {
    await refreshCodes(restaurantId);
  }
}

export function giftcardsQuery(restaurantId: number, search: string) {
  return queryOptions({
    queryKey: ["giftcards", restaurantId, search],
    queryFn: () =>
      apiGet<GiftcardList>(`${cardsPath(restaurantId)}${search ? `?search=${encodeURIComponent(search)}` : ""}`),
  });
}

export function giftcardQuery(restaurantId: number, id: number) {
  return queryOptions({
    queryKey: ["giftcards", restaurantId, "card", id],
    queryFn: () => apiGet<GiftcardDetail>(`${cardsPath(restaurantId)}/${id}`),
  });
}

const refreshCards = (restaurantId: number) => queryClient.invalidateQueries({ queryKey: ["giftcards", restaurantId] });

export async function issueGiftcard(restaurantId: number, card: IssueGiftcard) {
  const issued = await apiSend<GiftcardView>("POST", cardsPath(restaurantId), card);
  await refreshCards(restaurantId);
  return issued;
}

export async function setGiftcardActive(restaurantId: number, card: GiftcardView, isActive: boolean) {
  try {
    await apiSend("PUT", `${cardsPath(restaurantId)}/${card.id}/active`, { isActive, version: card.edit.version });
  } finally {
    await refreshCards(restaurantId);
  }
}
