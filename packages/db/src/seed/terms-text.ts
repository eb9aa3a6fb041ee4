/**
 * The demo restaurants' terms of trade (handelsbetingelser), written as a Danish restaurant selling food for
 * pickup online would have them: the agreement, prices and payment, pickup (and delivery), cancellation and the
 * right of withdrawal (which perishable food does not have: forbrugeraftaleloven § 18, stk. 2, nr. 4), complaints
 * and personal data. Each restaurant's own name, CVR number, address and contact details are filled in.
 */
import { type TermsSectionSeed, type TermsSeed, type Text, t } from "./types";

type Seller = { name: string; address: string; phone: string; email: string; cvrNumber: string };

/** "35361122" as Danes write it: "35 36 11 22". */
const spaced = (phone: string) => phone.replace(/(\d{2})(?=\d)/g, "$1 ");

export function demoTerms(seller: Seller, { delivery }: { delivery: boolean }): TermsSeed {
  const phone = spaced(seller.phone);
  const section = (heading: Text, body: Text): TermsSectionSeed => ({ heading, body });
  return {
    effectiveFrom: "2026-11-01",
    sections: [
      section(
        t("1. Sælger", "1. The seller"),
        t(
          `Disse handelsbetingelser gælder for bestillinger i ${seller.name}s webshop.\n\n` +
            `${seller.name}, ${seller.address}. CVR-nr. ${seller.cvrNumber}. ` +
            `Telefon ${phone}, e-mail ${seller.email}.`,
          `These terms of trade apply to orders placed in ${seller.name}'s web shop.\n\n` +
            `${seller.name}, ${seller.address}, Denmark. CVR no. (company registration) ${seller.cvrNumber}. ` +
            `Phone +45 ${phone}, email ${seller.email}.`,
        ),
      ),
      section(
        t("2. Aftalen", "2. The agreement"),
        t(
          "Aftalen er indgået, når du har betalt eller valgt betaling ved afhentning, og du har fået en " +
            "ordrebekræftelse med et ordrenummer på skærmen. Kvitteringen sendes til den e-mail eller det " +
            "telefonnummer, du har opgivet.\n\n" +
            "Du skal være fyldt 18 år for at bestille varer med alkohol. Vi kan bede om legitimation ved " +
            "udleveringen og afvise at udlevere alkohol til personer under 18 år.",
          "The agreement is made when you have paid, or chosen to pay at pickup, and the screen shows an order " +
            "confirmation with an order number. The receipt is sent to the email address or phone number you " +
            "gave.\n\n" +
            "You must be 18 or over to order products containing alcohol. We may ask for ID at pickup and refuse " +
            "to hand over alcohol to anyone under 18.",
        ),
      ),
      section(
        t("3. Priser og betaling", "3. Prices and payment"),
        t(
          "Alle priser er i danske kroner inklusive 25 % moms. Tilvalg, der koster ekstra, og eventuelt " +
            `pose${delivery ? "- og leveringsgebyr" : "gebyr"} står i kurven, før du betaler.\n\n` +
            "Du kan betale med betalingskort eller MobilePay, og hvor restauranten tilbyder det, ved " +
            "afhentning. Beløbet trækkes først, når ordren er gennemført. Rabatkoder og gavekort trækkes fra " +
            "prisen, før du betaler.",
          "All prices are in Danish kroner (DKK) including 25% VAT. Extras that cost more, and any bag " +
            `${delivery ? "or delivery fee" : "fee"}, are shown in the basket before you pay.\n\n` +
            "You can pay by card or MobilePay and, where the restaurant offers it, at pickup. The amount is " +
            "charged only once the order has been placed. Discount codes and gift cards are deducted before " +
            "you pay.",
        ),
      ),
      section(
        t(delivery ? "4. Afhentning og levering" : "4. Afhentning", delivery ? "4. Pickup and delivery" : "4. Pickup"),
        t(
          `Du henter din ordre i ${seller.name}, ${seller.address}, på det tidspunkt, du valgte. Oplys dit ` +
            "ordrenummer ved disken. Maden holdes varm i op til 30 minutter efter det valgte tidspunkt; " +
            "henter du senere, kan vi ikke garantere kvaliteten." +
            (delivery
              ? "\n\nVælger du levering, bringer vi maden til den adresse, du har opgivet, inden for de " +
                "postnumre, vi leverer til. Leveringstiden er vejledende. Er ingen hjemme, ringer vi til dig; " +
                "kan vi ikke komme i kontakt med dig, tager vi maden med tilbage, og du betaler for ordren."
              : ""),
          `Pick up your order at ${seller.name}, ${seller.address}, at the time you chose. Give your order ` +
            "number at the counter. Food is kept warm for up to 30 minutes after the chosen time; if you " +
            "come later, we cannot guarantee its quality." +
            (delivery
              ? "\n\nIf you choose delivery, we bring the food to the address you gave, within the postcodes " +
                "we deliver to. Delivery times are estimates. If nobody is at home, we call you; if we cannot " +
                "reach you, we take the food back and the order is still charged."
              : ""),
        ),
      ),
      section(
        t("5. Fortrydelsesret og annullering", "5. Right of withdrawal and cancellation"),
        t(
          "Der er ikke fortrydelsesret på mad og drikke, der tilberedes til dig og hurtigt forringes " +
            "(forbrugeraftaleloven § 18, stk. 2, nr. 4).\n\n" +
            `Vil du annullere en ordre, så ring til os på ${phone} hurtigst muligt. Er vi ikke gået i gang ` +
            "med at tilberede maden, annullerer vi ordren og refunderer beløbet til dit betalingsmiddel " +
            "inden for 5 bankdage.\n\n" +
            "Gavekort kan fortrydes inden for 14 dage efter købet, så længe de ikke er brugt. Skriv til " +
            `${seller.email}.`,
          "Food and drinks prepared for you that spoil quickly cannot be returned under the Danish right of " +
            "withdrawal (Consumer Contracts Act, section 18(2)(4)).\n\n" +
            `To cancel an order, call us on +45 ${phone} as soon as possible. If we have not started ` +
            "preparing the food, we cancel the order and refund the amount to your payment method within 5 " +
            "banking days.\n\n" +
            `Gift cards may be returned within 14 days of purchase as long as they are unused. Write to ${seller.email}.`,
        ),
      ),
      section(
        t("6. Reklamation og klager", "6. Complaints"),
        t(
          "Er der fejl eller mangler ved din ordre, så kontakt os straks, gerne mens du er i restauranten, " +
            `eller på ${phone} eller ${seller.email}. Du har reklamationsret efter købeloven; vi ` +
            "bytter, leverer det manglende eller giver pengene tilbage.\n\n" +
            "Kan vi ikke blive enige, kan du klage til Center for Klageløsning, Nævnenes Hus, Toldboden 2, " +
            "8800 Viborg, via naevneneshus.dk. Bor du i et andet EU-land, kan du få hjælp hos Forbrugereuropa " +
            "(forbrugereuropa.dk). EU-Kommissionens onlineklageportal (ODR) er lukket pr. 20. juli 2025.",
          "If something is wrong or missing in your order, contact us at once, ideally while you are at the " +
            `restaurant, or on +45 ${phone} or ${seller.email}. You have the right to complain under the ` +
            "Danish Sale of Goods Act; we replace the item, supply what is missing or refund you.\n\n" +
            "If we cannot agree, you can complain to the Center for Complaint Resolution (Center for " +
            "Klageløsning), Nævnenes Hus, Toldboden 2, 8800 Viborg, Denmark, at naevneneshus.dk. If you live " +
            "in another EU country, the European Consumer Centre Denmark (forbrugereuropa.dk) can help. The " +
            "European Commission's online dispute resolution platform (ODR) closed on 20 July 2025.",
        ),
      ),
      section(
        t("7. Persondata", "7. Personal data"),
        t(
          `${seller.name} er dataansvarlig for de oplysninger, du giver ved bestillingen: navn, ` +
            `telefonnummer, e-mail${delivery ? ", leveringsadresse" : ""} og ordrens indhold. Vi bruger dem til ` +
            "at lave og udlevere din ordre, sende kvitteringen og kontakte dig om ordren " +
            "(databeskyttelsesforordningens artikel 6, stk. 1, litra b). Ordrer og kvitteringer gemmes i 5 år " +
            "efter bogføringsloven; øvrige oplysninger slettes efter 6 måneder.\n\n" +
            "Betalingen behandles af vores betalingsudbyder; vi ser aldrig dit kortnummer. Vi sælger ikke " +
            "dine oplysninger og bruger dem ikke til markedsføring uden dit samtykke.\n\n" +
            "Du har ret til indsigt, berigtigelse og sletning. Skriv til " +
            `${seller.email}. Du kan klage til Datatilsynet, datatilsynet.dk.`,
          `${seller.name} is the data controller for the details you give when ordering: name, phone number, ` +
            `email${delivery ? ", delivery address" : ""} and what you ordered. We use them to prepare and hand ` +
            "over your order, send the receipt and contact you about the order (GDPR Article 6(1)(b)). Orders " +
            "and receipts are kept for 5 years under the Danish Bookkeeping Act; other details are deleted " +
            "after 6 months.\n\n" +
            "Payments are handled by our payment provider; we never see your card number. We do not sell your " +
            "details or use them for marketing without your consent.\n\n" +
            `You have the right of access, rectification and erasure: write to ${seller.email}. You can ` +
            "complain to the Danish Data Protection Agency (Datatilsynet), datatilsynet.dk.",
        ),
      ),
    ],
  };
}
