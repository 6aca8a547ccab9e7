/**
 * The journal's stories (spec §2 Blog, §3 Story): a built-in list of four. Edit the text here;
 * paragraphs inside a section are separated by a blank line. `relatedProducts` holds product ids
 * of content/catalog.ts. Pictures live in public/images/stories and are drawn by `npm run artwork`.
 */
export interface StorySection {
  heading: string;
  /** Paragraphs separated by a blank line. */
  content: string;
}

export interface Story {
  id: string;
  title: string;
  excerpt: string;
  artisan: string;
  craft: string;
  region: string;
  /** ISO date, shown in the long US format. */
  date: string;
  readTime: string;
  category: string;
  image: string;
  featured: boolean;
  fullContent: { sections: StorySection[] };
  relatedProducts: string[];
}

export const stories: Story[] = [
  {
    id: 'marble-artisans-of-banswara',
    title: 'The Marble Artisans of Banswara',
    excerpt:
      'In the city of a hundred islands, families of stone turners shape green marble into cake stands, chillers and bowls on lathes their grandfathers built.',
    artisan: 'The Pancholi family',
    craft: 'Marble turning and carving',
    region: 'Banswara, Rajasthan',
    date: '2026-09-14',
    readTime: '6 min read',
    category: 'Stone',
    image: '/images/stories/marble-artisans-of-banswara.svg',
    featured: true,
    fullContent: {
      sections: [
        {
          heading: 'A city of water and stone',
          content:
            'Banswara sits in the far south of Rajasthan, where the Mahi river spreads into so many channels that locals call it the city of a hundred islands. The hills around it hold a marble unlike the white stone of Makrana: a deep, mossy green shot through with lighter veins.\n\nFor three generations the Pancholi family has turned that stone. Their workshop is a single long room open to the street, with two lathes, a water tank and a wall of chisels sorted by a system only the eldest brother fully understands.',
        },
        {
          heading: 'From block to cake stand',
          content:
            'A cake stand begins as a rough block chosen at the quarry for the way its veins run. It is cut to a cylinder with a diamond saw, fixed to the lathe and turned down with hardened steel tools, the stone kept wet so the dust stays down and the edge stays cool.\n\nThe stem and top are turned from the one block, so there is no joint to crack. The last hours are all by hand: water, fine stone and then felt, until the green glows.',
        },
        {
          heading: 'Keeping the craft alive',
          content:
            'The youngest Pancholi, who studied commerce, came home to run the orders. He says the hardest part is not the stone but the waiting: a good piece cannot be hurried, and buyers used to factory speed sometimes forget that.\n\nEvery quotation we send for a Banswara piece goes first to this workshop, so that what we promise is what their hands can make.',
        },
      ],
    },
    relatedProducts: ['banswara-cake-stand', 'green-marble-soap-dish', 'carved-marble-ashtray'],
  },
  {
    id: 'sikki-craft-of-bihar',
    title: 'Golden Grass: The Sikki Craft of Bihar',
    excerpt:
      'In the villages of Mithila, women weave a golden wild grass into baskets, boxes and figures that last for generations.',
    artisan: 'Women’s sikki collective of Madhubani',
    craft: 'Sikki grass weaving',
    region: 'Madhubani, Bihar',
    date: '2026-08-02',
    readTime: '5 min read',
    category: 'Fibre',
    image: '/images/stories/sikki-craft-of-bihar.svg',
    featured: false,
    fullContent: {
      sections: [
        {
          heading: 'A grass that turns to gold',
          content:
            'Sikki grows wild along the ponds and wet fields of north Bihar. Cut after the monsoon and dried in the sun, its stems turn a shining gold that needs no dye, though the weavers also colour some in magenta, green and blue.\n\nThe stems are split, soaked to make them supple and wound around a core of coarser munj grass with a simple needle called a takua.',
        },
        {
          heading: 'Boxes for a bride',
          content:
            'Sikki work began as a gift: mothers wove lidded boxes, called pauti, for a daughter’s wedding, each one holding jewellery or vermilion. The patterns of elephants, fish and peacocks come from the same world as Madhubani painting.\n\nToday the women of the collective make baskets, coasters and small animal figures alongside the traditional boxes, and sell them together so that no one has to bargain alone.',
        },
      ],
    },
    relatedProducts: ['sheesham-brass-coasters', 'soapstone-spice-box'],
  },
  {
    id: 'molela-terracotta',
    title: 'Molela: The Village of Clay Gods',
    excerpt:
      'Near Udaipur, potters shape terracotta plaques of local deities that villagers carry home on foot to their shrines.',
    artisan: 'The Kumhar potters of Molela',
    craft: 'Terracotta votive plaques',
    region: 'Molela, Rajasthan',
    date: '2026-06-21',
    readTime: '4 min read',
    category: 'Clay',
    image: '/images/stories/molela-terracotta.svg',
    featured: false,
    fullContent: {
      sections: [
        {
          heading: 'Clay from the riverbed',
          content:
            'The potters of Molela dig their clay from the bed of the Banas river and mix it with donkey dung and rice husk, which keeps the large, flat plaques from cracking as they dry.\n\nThe figures are built up by hand on a slab: a deity on horseback, a serpent god, a goddess with her lion. Fired in an open kiln, they are painted in bright earth colours.',
        },
        {
          heading: 'Gods that travel',
          content:
            'Each year priests from villages across Rajasthan and Gujarat walk to Molela to commission a new plaque for their shrine. The potter makes it, the priest carries it home on his head, singing, and the village welcomes its god.\n\nThe same hands now make smaller plaques and pots for homes far away. We work with two Molela families, and some of their clay finds its way into the pottery of our kitchen collection.',
        },
      ],
    },
    relatedProducts: ['kutch-clay-serving-pot', 'jaipur-blue-pottery-platter'],
  },
  {
    id: 'manchaha-rug-weavers',
    title: 'Manchaha: Rugs Woven from the Heart',
    excerpt:
      'In Rajasthan’s villages, weavers who once copied other people’s designs now weave rugs of their own imagining.',
    artisan: 'Manchaha weavers of the Jaipur villages',
    craft: 'Hand-knotted rugs',
    region: 'Jaipur, Rajasthan',
    date: '2026-04-10',
    readTime: '5 min read',
    category: 'Textile',
    image: '/images/stories/manchaha-rug-weavers.svg',
    featured: false,
    fullContent: {
      sections: [
        {
          heading: 'Weaving without a map',
          content:
            'A hand-knotted rug is usually woven from a graph, each knot of colour marked in advance. Manchaha, which means “as the heart desires”, throws the graph away. The weaver chooses her own colours from leftover yarn and lets the pattern grow knot by knot.\n\nThe results are bold and unrepeatable: stripes that wander, blocks of colour that meet at odd angles, small figures tucked into corners.',
        },
        {
          heading: 'A signature in wool',
          content:
            'Many of the weavers are women who learned the craft at home and worked for years on other people’s designs. A Manchaha rug carries the name of the woman who wove it, and for many it was the first time their work was known as theirs.\n\nWe do not sell rugs yet, but their way of working shaped ours: every piece in our shop names the place and the hands it came from.',
        },
      ],
    },
    relatedProducts: ['nathdwara-krishna-panel', 'pierced-brass-lantern'],
  },
];
