/**
 * The demo catalogue loaded on first start (server/db/seed/catalog.ts). After that first start the
 * admin console owns the catalogue; edit this file to change what a fresh installation shows.
 *
 * Prices are whole rupees. Image files live in public/images/products and are drawn by
 * `npm run artwork` (scripts/generate-artwork.ts); replace them with photographs of your pieces.
 * The first image of each product is its primary image.
 */
import type { CategoryValue } from '../core/catalog/categories';

export interface SeedProductImage {
  /** Path under public/, served as is. */
  file: string;
  /** Describes the picture for screen readers: what the piece is and what the view shows. */
  alt: string;
}

export interface SeedProduct {
  /** URL slug: /product/{id}. Lowercase words joined by hyphens. */
  id: string;
  name: string;
  /** spec §3: about ₹900 to ₹6,500 */
  priceRupees: number;
  category: CategoryValue;
  /** One of the category's subcategories in core/catalog/categories.ts. */
  subcategory: string;
  description: string;
  shortDescription: string;
  artisanStory: string;
  careInstructions: string;
  material: string;
  region: string;
  dimensions: string | null;
  weight: string | null;
  /** spec §3: every static product is in stock */
  inStock: true;
  featured: boolean;
  bestseller: boolean;
  newArrival: boolean;
  images: SeedProductImage[];
}

const marbleCare =
  'Wipe with a soft, damp cloth and dry at once. Avoid acids such as lemon juice, vinegar and wine standing on the surface, and keep away from abrasive cleaners. A little neutral stone sealant once a year keeps the polish deep.';
const brassCare =
  'Dust with a dry cloth. To bring back the shine, rub gently with a paste of lemon juice and salt or tamarind, rinse and dry well. Left alone, brass darkens to a warm patina that many owners prefer.';
const soapstoneCare =
  'Wipe clean with a dry or barely damp cloth. Soapstone is soft: keep it away from hard knocks and scouring pads. A drop of mineral oil rubbed in deepens the colour.';
const woodCare =
  'Dust with a dry cloth and keep out of standing water and direct sun. Rub in a little food-safe oil every few months so the wood does not dry out.';
const potteryCare =
  'Hand wash in warm water with mild soap. Not for the microwave or dishwasher. Let it dry fully before storing.';
const crystalCare =
  'Dust with a soft brush and wipe with a damp cloth. Keep out of long, strong sunlight, which can fade the colour of some stones.';

export const seedProducts: SeedProduct[] = [
  // ── Culinary Crafts ──────────────────────────────────────────────────────────────────────────
  {
    id: 'banswara-cake-stand',
    name: 'Banswara Cake Stand',
    priceRupees: 3200,
    category: 'culinary',
    subcategory: 'Cake Stands',
    description:
      'A footed cake stand turned from a single block of green Banswara marble, its top polished to a soft sheen and its stem cut with a gentle waist. Heavy enough to stay put when you slice, and handsome enough to leave on the table between celebrations.',
    shortDescription: 'Footed cake stand turned from one block of green Banswara marble.',
    artisanStory:
      'Made in Banswara by a family of stone turners who have worked the local green marble for three generations. Each stand is roughed out on a lathe and finished by hand, so the veining of every piece is its own.',
    careInstructions: marbleCare,
    material: 'Marble',
    region: 'Banswara, Rajasthan',
    dimensions: '28 cm diameter x 12 cm high',
    weight: '3.2 kg',
    inStock: true,
    featured: true,
    bestseller: true,
    newArrival: false,
    images: [
      {
        file: '/images/products/banswara-cake-stand-1.svg',
        alt: 'Banswara Cake Stand in green marble, seen from the front',
      },
      {
        file: '/images/products/banswara-cake-stand-2.svg',
        alt: 'Banswara Cake Stand from above, showing the veining of the top',
      },
      {
        file: '/images/products/banswara-cake-stand-3.svg',
        alt: 'Detail of the carved stem of the Banswara Cake Stand',
      },
    ],
  },
  {
    id: 'makrana-pedestal-cake-stand',
    name: 'Makrana Pedestal Cake Stand',
    priceRupees: 2800,
    category: 'culinary',
    subcategory: 'Cake Stands',
    description:
      'A tall pedestal stand in white Makrana marble, the stone of the Taj Mahal, with a lightly raised rim that keeps crumbs and cream where they belong. Lovely for tiered cakes, cheese or a pile of fruit.',
    shortDescription: 'Tall white Makrana marble pedestal with a raised rim.',
    artisanStory:
      'Carved in Makrana, where quarrying and carving pass from parent to child. The stand is cut by a two-person workshop that still finishes every rim by hand with water and fine stone.',
    careInstructions: marbleCare,
    material: 'Marble',
    region: 'Makrana, Rajasthan',
    dimensions: '25 cm diameter x 15 cm high',
    weight: '2.9 kg',
    inStock: true,
    featured: false,
    bestseller: false,
    newArrival: true,
    images: [
      {
        file: '/images/products/makrana-pedestal-cake-stand-1.svg',
        alt: 'White Makrana marble pedestal cake stand, seen from the front',
      },
      {
        file: '/images/products/makrana-pedestal-cake-stand-2.svg',
        alt: 'The raised rim of the Makrana pedestal cake stand',
      },
    ],
  },
  {
    id: 'parchin-kari-serving-bowl',
    name: 'Parchin Kari Serving Bowl',
    priceRupees: 3600,
    category: 'culinary',
    subcategory: 'Serving Bowls',
    description:
      'A white marble bowl inlaid with a vine of lapis, malachite and carnelian in the parchin kari technique of the Mughal monuments. Each petal is cut, shaped and set by hand into a groove carved to fit it.',
    shortDescription: 'White marble bowl with a hand-set vine of semi-precious stones.',
    artisanStory:
      'Inlaid in Agra by craftsmen whose families trace their work back to the builders of the Taj Mahal. A single bowl takes about four days of cutting and setting.',
    careInstructions: marbleCare,
    material: 'Marble',
    region: 'Agra, Uttar Pradesh',
    dimensions: '20 cm diameter x 8 cm high',
    weight: '1.6 kg',
    inStock: true,
    featured: false,
    bestseller: true,
    newArrival: false,
    images: [
      {
        file: '/images/products/parchin-kari-serving-bowl-1.svg',
        alt: 'Parchin kari serving bowl with a coloured stone vine around its side',
      },
      {
        file: '/images/products/parchin-kari-serving-bowl-2.svg',
        alt: 'Close view of the inlaid petals of the parchin kari bowl',
      },
    ],
  },
  {
    id: 'hammered-brass-serving-bowl',
    name: 'Hammered Brass Serving Bowl',
    priceRupees: 1900,
    category: 'culinary',
    subcategory: 'Serving Bowls',
    description:
      'A wide, shallow bowl beaten from a single sheet of brass, the hammer marks left on the outside to catch the light. Tin-lined inside, as brassware for food has always been, so it is safe for dry snacks, fruit and sweets.',
    shortDescription: 'Tin-lined brass bowl with a hand-hammered finish.',
    artisanStory:
      'Beaten in Moradabad, the brass city, by a metalworker who learned the trade from his grandfather. The tin lining is applied over charcoal in the old way.',
    careInstructions: brassCare,
    material: 'Brass',
    region: 'Moradabad, Uttar Pradesh',
    dimensions: '24 cm diameter x 7 cm high',
    weight: '0.8 kg',
    inStock: true,
    featured: false,
    bestseller: false,
    newArrival: false,
    images: [
      {
        file: '/images/products/hammered-brass-serving-bowl-1.svg',
        alt: 'Hammered brass serving bowl, seen from the side',
      },
      {
        file: '/images/products/hammered-brass-serving-bowl-2.svg',
        alt: 'The hammer marks on the outside of the brass bowl',
      },
    ],
  },
  {
    id: 'jaipur-blue-pottery-platter',
    name: 'Jaipur Blue Pottery Platter',
    priceRupees: 1450,
    category: 'culinary',
    subcategory: 'Pottery',
    description:
      'A round platter in Jaipur blue pottery, painted by hand with cobalt and turquoise flowers on a white ground. Blue pottery contains no clay: it is made of quartz powder and glass, which gives it its bright, glassy finish.',
    shortDescription: 'Hand-painted cobalt and turquoise quartz pottery platter.',
    artisanStory:
      'Shaped and painted in a Jaipur workshop run by a woman potter who trained under a national award winner. Each flower is painted free hand with a squirrel-hair brush.',
    careInstructions: potteryCare,
    material: 'Ceramic',
    region: 'Jaipur, Rajasthan',
    dimensions: '30 cm diameter',
    weight: '0.9 kg',
    inStock: true,
    featured: false,
    bestseller: false,
    newArrival: true,
    images: [
      {
        file: '/images/products/jaipur-blue-pottery-platter-1.svg',
        alt: 'Jaipur blue pottery platter painted with blue flowers',
      },
      {
        file: '/images/products/jaipur-blue-pottery-platter-2.svg',
        alt: 'Detail of the brushwork on the blue pottery platter',
      },
    ],
  },
  {
    id: 'kutch-clay-serving-pot',
    name: 'Kutch Clay Serving Pot',
    priceRupees: 1200,
    category: 'culinary',
    subcategory: 'Pottery',
    description:
      'A lidded serving pot thrown from the fine red clay of Kutch and painted with white geometric lines before firing. Food served in clay stays warm longer and takes on a faint, earthy sweetness.',
    shortDescription: 'Lidded red clay pot with painted Kutch patterns.',
    artisanStory:
      'Thrown on a hand-spun wheel in a potters’ village near Bhuj, where the women paint the patterns with a twig brush and a white clay slip.',
    careInstructions: potteryCare,
    material: 'Terracotta',
    region: 'Kutch, Gujarat',
    dimensions: '18 cm diameter x 14 cm high',
    weight: '1.1 kg',
    inStock: true,
    featured: false,
    bestseller: false,
    newArrival: false,
    images: [
      {
        file: '/images/products/kutch-clay-serving-pot-1.svg',
        alt: 'Kutch red clay serving pot with its lid on',
      },
    ],
  },
  {
    id: 'soapstone-spice-box',
    name: 'Soapstone Spice Box',
    priceRupees: 1650,
    category: 'culinary',
    subcategory: 'Storage',
    description:
      'A masala box carved from soft grey soapstone with seven round wells and a sliding lid pierced in a jaali pattern. Stone keeps spices cool and dry, and the lid lets you see what you are reaching for.',
    shortDescription: 'Seven-well soapstone masala box with a pierced lid.',
    artisanStory:
      'Carved in Agra by a father and son who learned jaali cutting on the marble screens of the city’s monuments before setting up their own bench.',
    careInstructions: soapstoneCare,
    material: 'Soapstone',
    region: 'Agra, Uttar Pradesh',
    dimensions: '20 cm diameter x 6 cm high',
    weight: '1.4 kg',
    inStock: true,
    featured: false,
    bestseller: false,
    newArrival: false,
    images: [
      {
        file: '/images/products/soapstone-spice-box-1.svg',
        alt: 'Soapstone spice box with its pierced lid closed',
      },
      {
        file: '/images/products/soapstone-spice-box-2.svg',
        alt: 'The seven wells of the soapstone spice box with the lid removed',
      },
    ],
  },

  // ── Divine Artistry ──────────────────────────────────────────────────────────────────────────
  {
    id: 'boat-ganesh',
    name: 'Boat Ganesh',
    priceRupees: 2400,
    category: 'divine',
    subcategory: 'Ganesh Sculptures',
    description:
      'Lord Ganesh seated in a curved boat, carved from white marble and painted with fine gold and vermilion details. The boat carries him across every threshold: a gift for a new home, a new venture or a journey.',
    shortDescription: 'White marble Ganesh in a boat, hand-painted in gold.',
    artisanStory:
      'Carved in Jaipur’s Khazane Walon Ka Rasta, the lane of stone carvers, by a sculptor who has shaped Ganesh for over thirty years. The gold work is done by his daughter.',
    careInstructions: marbleCare,
    material: 'Marble',
    region: 'Jaipur, Rajasthan',
    dimensions: '22 cm long x 15 cm high',
    weight: '1.8 kg',
    inStock: true,
    featured: true,
    bestseller: true,
    newArrival: false,
    images: [
      {
        file: '/images/products/boat-ganesh-1.svg',
        alt: 'Boat Ganesh in white marble with gold details, seen from the front',
      },
      {
        file: '/images/products/boat-ganesh-2.svg',
        alt: 'Boat Ganesh from the side, showing the curve of the boat',
      },
      {
        file: '/images/products/boat-ganesh-3.svg',
        alt: 'Detail of the painted face of the Boat Ganesh',
      },
    ],
  },
  {
    id: 'brass-ganesh-idol',
    name: 'Brass Ganesh Idol',
    priceRupees: 3800,
    category: 'divine',
    subcategory: 'Ganesh Sculptures',
    description:
      'A seated Ganesh cast in solid brass by the lost-wax method, with a finely chased crown, four arms and his modak in hand. Cast brass has a weight and warmth that grows richer as it ages.',
    shortDescription: 'Lost-wax cast brass Ganesh with a chased crown.',
    artisanStory:
      'Cast in Moradabad from a wax model that is made afresh for every idol, so no two are exactly alike. The chasing of the crown alone takes a full day.',
    careInstructions: brassCare,
    material: 'Brass',
    region: 'Moradabad, Uttar Pradesh',
    dimensions: '18 cm high x 12 cm wide',
    weight: '2.1 kg',
    inStock: true,
    featured: false,
    bestseller: false,
    newArrival: true,
    images: [
      {
        file: '/images/products/brass-ganesh-idol-1.svg',
        alt: 'Seated brass Ganesh idol, seen from the front',
      },
      {
        file: '/images/products/brass-ganesh-idol-2.svg',
        alt: 'Chased crown of the brass Ganesh idol',
      },
    ],
  },
  {
    id: 'flute-krishna',
    name: 'Flute Krishna',
    priceRupees: 4500,
    category: 'divine',
    subcategory: 'Krishna Art',
    description:
      'Krishna standing cross-legged with his flute, carved in white marble and dressed in painted robes of peacock blue and gold. A quiet, joyful figure for a puja room or a living-room niche.',
    shortDescription: 'White marble Krishna with flute, hand-painted robes.',
    artisanStory:
      'Carved and painted in Jaipur by a workshop of five, where one carver shapes the figure and two painters take three days over the robes and jewellery.',
    careInstructions: marbleCare,
    material: 'Marble',
    region: 'Jaipur, Rajasthan',
    dimensions: '30 cm high x 12 cm wide',
    weight: '2.6 kg',
    inStock: true,
    featured: true,
    bestseller: false,
    newArrival: false,
    images: [
      {
        file: '/images/products/flute-krishna-1.svg',
        alt: 'Marble Krishna playing the flute, seen from the front',
      },
      {
        file: '/images/products/flute-krishna-2.svg',
        alt: 'The painted robes of the Flute Krishna',
      },
    ],
  },
  {
    id: 'nathdwara-krishna-panel',
    name: 'Nathdwara Krishna Panel',
    priceRupees: 5200,
    category: 'divine',
    subcategory: 'Krishna Art',
    description:
      'A carved wooden wall panel of Shrinathji, Krishna as the child who lifted the mountain, framed by cows and lotus flowers in the style of the Nathdwara pichwai paintings.',
    shortDescription: 'Carved wooden Shrinathji panel in the pichwai style.',
    artisanStory:
      'Carved in Nathdwara, the temple town of Shrinathji, by a woodcarver whose family has made temple doors and panels for generations.',
    careInstructions: woodCare,
    material: 'Wood',
    region: 'Nathdwara, Rajasthan',
    dimensions: '45 cm x 30 cm x 3 cm',
    weight: '2.4 kg',
    inStock: true,
    featured: false,
    bestseller: false,
    newArrival: false,
    images: [
      {
        file: '/images/products/nathdwara-krishna-panel-1.svg',
        alt: 'Carved wooden Shrinathji panel with cows and lotus flowers',
      },
    ],
  },
  {
    id: 'meditating-buddha',
    name: 'Meditating Buddha',
    priceRupees: 6500,
    category: 'divine',
    subcategory: 'Spiritual Figurines',
    description:
      'The Buddha seated in meditation, carved from dark granite with a matte body and a polished face. A calm, heavy presence for a garden corner, a study or an entrance.',
    shortDescription: 'Dark granite Buddha in meditation, polished face.',
    artisanStory:
      'Carved in Mahabalipuram, where stone sculpture has been practised since the seventh-century shore temples. The sculptor works only with hand chisels.',
    careInstructions:
      'Dust with a soft brush. Granite is hard-wearing and may stand outdoors under cover; wipe with plain water if needed.',
    material: 'Stone',
    region: 'Mahabalipuram, Tamil Nadu',
    dimensions: '35 cm high x 25 cm wide',
    weight: '6.5 kg',
    inStock: true,
    featured: false,
    bestseller: true,
    newArrival: false,
    images: [
      {
        file: '/images/products/meditating-buddha-1.svg',
        alt: 'Dark granite Buddha seated in meditation',
      },
      {
        file: '/images/products/meditating-buddha-2.svg',
        alt: 'The polished face of the granite Buddha',
      },
    ],
  },
  {
    id: 'brass-nandi',
    name: 'Brass Nandi',
    priceRupees: 2900,
    category: 'divine',
    subcategory: 'Spiritual Figurines',
    description:
      'Nandi, the bull who waits at Shiva’s door, resting with his legs folded beneath him. Cast in brass with a bell and garland at his neck.',
    shortDescription: 'Resting brass Nandi with bell and garland.',
    artisanStory:
      'Cast in Swamimalai, the bronze-casting town of the Kaveri delta, using the lost-wax method that the town’s sthapatis have kept for a thousand years.',
    careInstructions: brassCare,
    material: 'Brass',
    region: 'Swamimalai, Tamil Nadu',
    dimensions: '16 cm long x 11 cm high',
    weight: '1.5 kg',
    inStock: true,
    featured: false,
    bestseller: false,
    newArrival: false,
    images: [
      {
        file: '/images/products/brass-nandi-1.svg',
        alt: 'Resting brass Nandi bull with a bell at his neck',
      },
    ],
  },
  {
    id: 'carved-marble-diya-set',
    name: 'Carved Marble Diya Set',
    priceRupees: 1100,
    category: 'divine',
    subcategory: 'Decorative Pieces',
    description:
      'Four small lamps carved from white marble in the shape of lotus buds, for oil and cotton wicks or for tealights. Lovely lit together on Diwali and just as lovely unlit on a windowsill.',
    shortDescription: 'Four lotus-bud diyas in white marble.',
    artisanStory:
      'Carved in Makrana from offcuts of larger pieces, so nothing of the quarried stone is wasted.',
    careInstructions: marbleCare,
    material: 'Marble',
    region: 'Makrana, Rajasthan',
    dimensions: '8 cm diameter each',
    weight: '0.9 kg (set of four)',
    inStock: true,
    featured: false,
    bestseller: false,
    newArrival: false,
    images: [
      {
        file: '/images/products/carved-marble-diya-set-1.svg',
        alt: 'Four white marble lotus diyas in a row',
      },
    ],
  },
  {
    id: 'brass-bell-toran',
    name: 'Brass Bell Toran',
    priceRupees: 1750,
    category: 'divine',
    subcategory: 'Decorative Pieces',
    description:
      'A doorway hanging of seven brass bells on a chain of leaves, which rings softly whenever the door moves. Hung over an entrance it is said to welcome good fortune in.',
    shortDescription: 'Seven-bell brass door hanging on a leaf chain.',
    artisanStory:
      'Cast and assembled in Moradabad by a family workshop that tunes each bell by ear before it is strung.',
    careInstructions: brassCare,
    material: 'Brass',
    region: 'Moradabad, Uttar Pradesh',
    dimensions: '90 cm long',
    weight: '0.7 kg',
    inStock: true,
    featured: false,
    bestseller: false,
    newArrival: false,
    images: [
      {
        file: '/images/products/brass-bell-toran-1.svg',
        alt: 'Brass bell toran with seven bells hanging from a leaf chain',
      },
    ],
  },

  // ── Artisan Home Serenity ────────────────────────────────────────────────────────────────────
  {
    id: 'lotus-urli',
    name: 'Lotus Urli',
    priceRupees: 3400,
    category: 'home',
    subcategory: 'Urlis',
    description:
      'A wide, shallow brass urli with a rim of open lotus petals. Float flowers and candles in it by the door, or fill it with water to catch the light of a courtyard.',
    shortDescription: 'Brass urli with a rim of open lotus petals.',
    artisanStory:
      'Cast in Moradabad and finished by hand: each petal of the rim is filed and polished separately before the urli is burnished.',
    careInstructions: `${brassCare} Empty and dry after use with water so no marks form.`,
    material: 'Brass',
    region: 'Moradabad, Uttar Pradesh',
    dimensions: '35 cm diameter x 9 cm high',
    weight: '2.3 kg',
    inStock: true,
    featured: true,
    bestseller: false,
    newArrival: false,
    images: [
      {
        file: '/images/products/lotus-urli-1.svg',
        alt: 'Brass Lotus Urli with floating flowers',
      },
      {
        file: '/images/products/lotus-urli-2.svg',
        alt: 'The lotus-petal rim of the brass urli',
      },
      {
        file: '/images/products/lotus-urli-3.svg',
        alt: 'Lotus Urli seen from above',
      },
    ],
  },
  {
    id: 'floral-inlay-marble-urli',
    name: 'Floral Inlay Marble Urli',
    priceRupees: 4200,
    category: 'home',
    subcategory: 'Urlis',
    description:
      'A white marble urli with a border of inlaid flowers in mother-of-pearl and malachite. A centrepiece for a dining table or a console, filled with floating petals.',
    shortDescription: 'White marble urli with an inlaid floral border.',
    artisanStory:
      'Inlaid in Agra by a craftsman who spent twelve years as an apprentice before setting his first stone.',
    careInstructions: marbleCare,
    material: 'Marble',
    region: 'Agra, Uttar Pradesh',
    dimensions: '30 cm diameter x 8 cm high',
    weight: '3.5 kg',
    inStock: true,
    featured: false,
    bestseller: false,
    newArrival: false,
    images: [
      {
        file: '/images/products/floral-inlay-marble-urli-1.svg',
        alt: 'White marble urli with an inlaid flower border',
      },
    ],
  },
  {
    id: 'jaali-candle-holder',
    name: 'Jaali Candle Holder',
    priceRupees: 1300,
    category: 'home',
    subcategory: 'Candle Holders',
    description:
      'A soapstone lantern pierced all round with a jaali lattice of stars. Lit from inside by a tealight, it throws a pattern of light across the walls.',
    shortDescription: 'Pierced soapstone tealight holder with a star lattice.',
    artisanStory:
      'Cut in Agra with fine hand drills and files, the way the marble screens of the city’s tombs were cut four centuries ago.',
    careInstructions: soapstoneCare,
    material: 'Soapstone',
    region: 'Agra, Uttar Pradesh',
    dimensions: '10 cm diameter x 12 cm high',
    weight: '0.6 kg',
    inStock: true,
    featured: false,
    bestseller: true,
    newArrival: false,
    images: [
      {
        file: '/images/products/jaali-candle-holder-1.svg',
        alt: 'Soapstone jaali candle holder with a star lattice',
      },
      {
        file: '/images/products/jaali-candle-holder-2.svg',
        alt: 'Jaali candle holder lit from inside',
      },
    ],
  },
  {
    id: 'brass-tealight-trio',
    name: 'Brass Tealight Trio',
    priceRupees: 1600,
    category: 'home',
    subcategory: 'Candle Holders',
    description:
      'Three brass tealight cups of different heights on slender stems, spun and polished to a mirror finish. Group them on a table or spread them along a shelf.',
    shortDescription: 'Three spun-brass tealight cups of different heights.',
    artisanStory:
      'Spun on a lathe in Moradabad by a young metal spinner who runs his workshop with his two brothers.',
    careInstructions: brassCare,
    material: 'Brass',
    region: 'Moradabad, Uttar Pradesh',
    dimensions: '10, 14 and 18 cm high',
    weight: '0.9 kg (set of three)',
    inStock: true,
    featured: false,
    bestseller: false,
    newArrival: true,
    images: [
      {
        file: '/images/products/brass-tealight-trio-1.svg',
        alt: 'Three brass tealight holders of different heights',
      },
    ],
  },
  {
    id: 'green-marble-soap-dish',
    name: 'Green Marble Soap Dish',
    priceRupees: 900,
    category: 'home',
    subcategory: 'Soap Dishes',
    description:
      'A small dish of green Banswara marble with carved ridges that lift the soap clear of the water so it dries between uses.',
    shortDescription: 'Ridged green marble soap dish that keeps soap dry.',
    artisanStory:
      'Carved in Banswara from the offcuts of larger pieces by a carver who trains apprentices from the town’s school.',
    careInstructions: marbleCare,
    material: 'Marble',
    region: 'Banswara, Rajasthan',
    dimensions: '12 cm x 9 cm x 2 cm',
    weight: '0.4 kg',
    inStock: true,
    featured: false,
    bestseller: false,
    newArrival: false,
    images: [
      {
        file: '/images/products/green-marble-soap-dish-1.svg',
        alt: 'Green marble soap dish with carved ridges',
      },
    ],
  },
  {
    id: 'brass-aroma-diffuser',
    name: 'Brass Aroma Diffuser',
    priceRupees: 2100,
    category: 'home',
    subcategory: 'Oil Diffusers',
    description:
      'An oil burner in pierced brass: a tealight in the base warms a small dish of water and essential oil above. The pierced dome casts a lace of light while the room fills with scent.',
    shortDescription: 'Pierced brass oil burner for tealight and essential oils.',
    artisanStory:
      'Hand-pierced in Moradabad with a fret saw, one hole at a time, by a craftswoman who draws each pattern freehand on the brass first.',
    careInstructions: brassCare,
    material: 'Brass',
    region: 'Moradabad, Uttar Pradesh',
    dimensions: '11 cm diameter x 15 cm high',
    weight: '0.6 kg',
    inStock: true,
    featured: true,
    bestseller: false,
    newArrival: false,
    images: [
      {
        file: '/images/products/brass-aroma-diffuser-1.svg',
        alt: 'Pierced brass aroma diffuser',
      },
      {
        file: '/images/products/brass-aroma-diffuser-2.svg',
        alt: 'The oil dish on top of the brass diffuser',
      },
    ],
  },
  {
    id: 'soapstone-oil-burner',
    name: 'Soapstone Oil Burner',
    priceRupees: 1250,
    category: 'home',
    subcategory: 'Oil Diffusers',
    description:
      'A two-piece oil burner in pale soapstone, carved with a band of leaves. Soapstone holds heat gently, so the oil warms slowly and lasts.',
    shortDescription: 'Two-piece soapstone oil burner with a leaf band.',
    artisanStory: 'Carved in Agra by a cooperative of stone carvers that shares tools and orders.',
    careInstructions: soapstoneCare,
    material: 'Soapstone',
    region: 'Agra, Uttar Pradesh',
    dimensions: '9 cm diameter x 13 cm high',
    weight: '0.7 kg',
    inStock: true,
    featured: false,
    bestseller: false,
    newArrival: false,
    images: [
      {
        file: '/images/products/soapstone-oil-burner-1.svg',
        alt: 'Pale soapstone oil burner carved with leaves',
      },
    ],
  },
  {
    id: 'pierced-brass-lantern',
    name: 'Pierced Brass Lantern',
    priceRupees: 3900,
    category: 'home',
    subcategory: 'Lanterns',
    description:
      'A hanging lantern of pierced brass panels with a domed top and a ring for a chain. Takes a candle or a small bulb and fills a veranda with patterned light.',
    shortDescription: 'Hanging pierced brass lantern with a domed top.',
    artisanStory:
      'Made in Moradabad by a workshop that has supplied lanterns to havelis and hotels across Rajasthan.',
    careInstructions: brassCare,
    material: 'Brass',
    region: 'Moradabad, Uttar Pradesh',
    dimensions: '20 cm wide x 38 cm high',
    weight: '1.7 kg',
    inStock: true,
    featured: false,
    bestseller: false,
    newArrival: false,
    images: [
      {
        file: '/images/products/pierced-brass-lantern-1.svg',
        alt: 'Hanging brass lantern with pierced panels',
      },
      {
        file: '/images/products/pierced-brass-lantern-2.svg',
        alt: 'Pattern of light thrown by the pierced brass lantern',
      },
    ],
  },
  {
    id: 'rose-quartz-tree-of-life',
    name: 'Rose Quartz Tree of Life',
    priceRupees: 2600,
    category: 'home',
    subcategory: 'Crystal Decor',
    description:
      'A small tree of twisted copper wire hung with polished rose quartz chips, on a base of raw amethyst. A soft blush of colour for a desk or bedside.',
    shortDescription: 'Copper-wire tree with rose quartz leaves on amethyst.',
    artisanStory:
      'Made in Khambhat, the agate town of Gujarat, where stone polishers have shaped gems and beads since the days of the Harappans.',
    careInstructions: crystalCare,
    material: 'Crystal',
    region: 'Khambhat, Gujarat',
    dimensions: '18 cm high',
    weight: '0.5 kg',
    inStock: true,
    featured: true,
    bestseller: false,
    newArrival: true,
    images: [
      {
        file: '/images/products/rose-quartz-tree-of-life-1.svg',
        alt: 'Tree of life with rose quartz leaves on an amethyst base',
      },
    ],
  },
  {
    id: 'marble-pen-stand',
    name: 'Marble Pen Stand',
    priceRupees: 1400,
    category: 'home',
    subcategory: 'Desk Accessories',
    description:
      'A desk organiser in white marble with a pen well, a card slot and a shallow tray for clips, inlaid with a small lapis flower.',
    shortDescription: 'White marble desk organiser with a lapis inlay.',
    artisanStory:
      'Carved and inlaid in Agra, where desk pieces were once made for the offices of the Raj and are now made for home studies.',
    careInstructions: marbleCare,
    material: 'Marble',
    region: 'Agra, Uttar Pradesh',
    dimensions: '18 cm x 10 cm x 9 cm',
    weight: '1.2 kg',
    inStock: true,
    featured: false,
    bestseller: false,
    newArrival: false,
    images: [
      {
        file: '/images/products/marble-pen-stand-1.svg',
        alt: 'White marble pen stand with a small lapis flower',
      },
    ],
  },

  // ── Crafted Sip & Smoke ──────────────────────────────────────────────────────────────────────
  {
    id: 'wine-chiller-black',
    name: 'Wine Chiller Black',
    priceRupees: 4800,
    category: 'sip-smoke',
    subcategory: 'Wine Chillers',
    description:
      'A bottle chiller turned from black marble and polished to a deep gloss. Chill the stone in the fridge and it keeps a bottle cool at the table for hours, without ice or drips.',
    shortDescription: 'Polished black marble chiller that keeps a bottle cool for hours.',
    artisanStory:
      'Turned in Rajasthan from black marble quarried near Bhainslana, by a stone turner who also makes the lathe tools he works with.',
    careInstructions: marbleCare,
    material: 'Marble',
    region: 'Bhainslana, Rajasthan',
    dimensions: '12 cm diameter x 20 cm high',
    weight: '3.4 kg',
    inStock: true,
    featured: true,
    bestseller: true,
    newArrival: false,
    images: [
      {
        file: '/images/products/wine-chiller-black-1.svg',
        alt: 'Wine Chiller Black in polished black marble',
      },
      {
        file: '/images/products/wine-chiller-black-2.svg',
        alt: 'Wine Chiller Black holding a bottle',
      },
    ],
  },
  {
    id: 'wine-chiller-white',
    name: 'Wine Chiller White',
    priceRupees: 4600,
    category: 'sip-smoke',
    subcategory: 'Wine Chillers',
    description:
      'The white Makrana marble twin of our black chiller, with faint grey veins and a softly rounded lip. Pre-chill it and stand a bottle in it at the table.',
    shortDescription: 'White Makrana marble bottle chiller with a rounded lip.',
    artisanStory:
      'Turned in Makrana by the same family workshop that makes our pedestal cake stands.',
    careInstructions: marbleCare,
    material: 'Marble',
    region: 'Makrana, Rajasthan',
    dimensions: '12 cm diameter x 20 cm high',
    weight: '3.3 kg',
    inStock: true,
    featured: false,
    bestseller: false,
    newArrival: false,
    images: [
      {
        file: '/images/products/wine-chiller-white-1.svg',
        alt: 'Wine Chiller White in veined white marble',
      },
    ],
  },
  {
    id: 'inlay-marble-coaster-set',
    name: 'Inlay Marble Coaster Set',
    priceRupees: 1500,
    category: 'sip-smoke',
    subcategory: 'Coasters',
    description:
      'Four square coasters in white marble, each inlaid with a different flower in coloured stone, with felt feet to protect your table. They come in a matching marble holder.',
    shortDescription: 'Four inlaid marble coasters in a marble holder.',
    artisanStory:
      'Inlaid in Agra; each of the four flowers is the speciality of a different craftsman in the same workshop.',
    careInstructions: marbleCare,
    material: 'Marble',
    region: 'Agra, Uttar Pradesh',
    dimensions: '10 cm x 10 cm each',
    weight: '1.1 kg (set with holder)',
    inStock: true,
    featured: false,
    bestseller: true,
    newArrival: false,
    images: [
      {
        file: '/images/products/inlay-marble-coaster-set-1.svg',
        alt: 'Four white marble coasters inlaid with flowers',
      },
      {
        file: '/images/products/inlay-marble-coaster-set-2.svg',
        alt: 'The inlay marble coasters stacked in their holder',
      },
    ],
  },
  {
    id: 'sheesham-brass-coasters',
    name: 'Sheesham and Brass Coasters',
    priceRupees: 1100,
    category: 'sip-smoke',
    subcategory: 'Coasters',
    description:
      'Six round coasters of sheesham wood, each set with a hammered brass disc. The wood takes the wet of the glass; the brass catches the candlelight.',
    shortDescription: 'Six sheesham wood coasters with hammered brass inlay.',
    artisanStory:
      'Made in Saharanpur, India’s woodcarving town, by a carpenter who inlays metal into wood in the old tarkashi manner.',
    careInstructions: woodCare,
    material: 'Wood',
    region: 'Saharanpur, Uttar Pradesh',
    dimensions: '10 cm diameter each',
    weight: '0.6 kg (set of six)',
    inStock: true,
    featured: false,
    bestseller: false,
    newArrival: true,
    images: [
      {
        file: '/images/products/sheesham-brass-coasters-1.svg',
        alt: 'Six sheesham wood coasters set with brass discs',
      },
    ],
  },
  {
    id: 'carved-marble-ashtray',
    name: 'Carved Marble Ashtray',
    priceRupees: 1350,
    category: 'sip-smoke',
    subcategory: 'Ashtrays',
    description:
      'A heavy, low ashtray in green Banswara marble with three carved rests and a deep bowl. Just as good as a catch-all for keys and rings.',
    shortDescription: 'Heavy green marble ashtray with three carved rests.',
    artisanStory:
      'Turned and carved in Banswara by the same family who make our Banswara Cake Stand.',
    careInstructions: marbleCare,
    material: 'Marble',
    region: 'Banswara, Rajasthan',
    dimensions: '14 cm diameter x 4 cm high',
    weight: '1.0 kg',
    inStock: true,
    featured: false,
    bestseller: false,
    newArrival: false,
    images: [
      {
        file: '/images/products/carved-marble-ashtray-1.svg',
        alt: 'Green marble ashtray with three carved rests',
      },
    ],
  },
  {
    id: 'brass-cigar-ashtray',
    name: 'Brass Cigar Ashtray',
    priceRupees: 2200,
    category: 'sip-smoke',
    subcategory: 'Ashtrays',
    description:
      'A wide brass ashtray with two long rests for cigars, engraved around the rim with a paisley border. Solid and steady on a veranda table.',
    shortDescription: 'Engraved brass ashtray with two cigar rests.',
    artisanStory:
      'Cast and engraved in Moradabad; the paisley border is cut by hand with a chisel and a small hammer.',
    careInstructions: brassCare,
    material: 'Brass',
    region: 'Moradabad, Uttar Pradesh',
    dimensions: '18 cm diameter x 4 cm high',
    weight: '0.9 kg',
    inStock: true,
    featured: false,
    bestseller: false,
    newArrival: false,
    images: [
      {
        file: '/images/products/brass-cigar-ashtray-1.svg',
        alt: 'Engraved brass cigar ashtray with two rests',
      },
    ],
  },
];
