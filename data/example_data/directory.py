"""The charity directory: organizations, their tags and media, and their SVG logos."""

import os

from .colors import contrast_with_white

ORGS = [
    dict(
        slug="against-malaria-foundation", name="Against Malaria Foundation", initials="AMF",
        logo_color="#2f6690",
        mission="Funds long-lasting insecticidal bed nets to protect people from malaria.",
        description=(
            "The Against Malaria Foundation (AMF) buys **long-lasting insecticide-treated nets** "
            "and works with distribution partners and national malaria programs to get them "
            "hung over beds in areas with high malaria burden, mostly in sub-Saharan Africa.\n\n"
            "What a donation pays for:\n\n"
            "- nets purchased in bulk and shipped to the country of distribution\n"
            "- household registration before each campaign\n"
            "- follow-up surveys in the years after each distribution to check that nets are still in use\n\n"
            "AMF publishes every distribution and its monitoring data on its website. It has been "
            "a [GiveWell top charity](https://www.givewell.org/charities/amf) for many years."
        ),
        website="https://www.againstmalaria.com",
        donate_url="https://www.againstmalaria.com/Donate.aspx",
        city="London", region="England", country="United Kingdom",
        rating=4.0, verified=1, minimum=100, unit="bed net", cost=500,
        created="2023-01-04", tags=["global-health", "malaria", "children"],
    ),
    dict(
        slug="malaria-consortium", name="Malaria Consortium", initials="MC",
        logo_color="#6a4c93",
        mission="Prevents and treats malaria and other communicable diseases among vulnerable populations.",
        description=(
            "Malaria Consortium's GiveWell-recommended program is **seasonal malaria chemoprevention "
            "(SMC)**: during the rainy season, when most malaria cases occur, children aged 3–59 "
            "months receive a course of preventive antimalarial drugs once a month for four or five "
            "months.\n\n"
            "- delivered door to door by trained community distributors\n"
            "- run with national malaria programs in the Sahel and elsewhere\n"
            "- coverage measured by household surveys after each season\n\n"
            "Read more on [malariaconsortium.org](https://www.malariaconsortium.org)."
        ),
        website="https://www.malariaconsortium.org",
        donate_url="https://www.malariaconsortium.org/donate",
        city="London", region="England", country="United Kingdom",
        rating=4.0, verified=1, minimum=100, unit="child protected for one malaria season", cost=700,
        created="2023-01-04", tags=["global-health", "malaria", "children"],
    ),
    dict(
        slug="helen-keller-intl", name="Helen Keller Intl", initials="HKI",
        logo_color="#7a5230",
        mission="Works to eliminate preventable vision loss, malnutrition and disease.",
        description=(
            "Helen Keller Intl supports government **vitamin A supplementation** campaigns for "
            "children aged 6–59 months. Vitamin A deficiency weakens the immune system, and a "
            "high-dose supplement twice a year is a cheap way to reduce child deaths where "
            "deficiency is common.\n\n"
            "- technical and financial support to ministries of health\n"
            "- door-to-door and fixed-post distribution\n"
            "- coverage surveys after campaigns\n\n"
            "See GiveWell's [review of the program](https://www.givewell.org/charities/helen-keller-intl)."
        ),
        website="https://helenkellerintl.org",
        donate_url="https://helenkellerintl.org/donate/",
        city="New York", region="New York", country="United States",
        rating=3.5, verified=1, minimum=100, unit="vitamin A supplement", cost=150,
        created="2023-01-04", tags=["global-health", "nutrition", "children", "eye-health"],
    ),
    dict(
        slug="new-incentives", name="New Incentives", initials="NI",
        logo_color="#3a7d44",
        mission="Uses small cash incentives to increase routine childhood vaccination in northern Nigeria.",
        description=(
            "New Incentives offers caregivers in northern Nigeria **small conditional cash transfers** "
            "when they bring infants to clinics for routine vaccinations, and works with clinics to "
            "reduce vaccine stockouts.\n\n"
            "- transfers are paid at each vaccination visit\n"
            "- a randomized trial found the program increased vaccination rates\n"
            "- the program runs in several states of northern Nigeria\n\n"
            "More at [newincentives.org](https://www.newincentives.org)."
        ),
        website="https://www.newincentives.org",
        donate_url="https://www.newincentives.org/donate",
        city=None, region=None, country="Nigeria",
        rating=4.0, verified=1, minimum=100, unit="infant enrolled in vaccination incentives", cost=1800,
        created="2023-02-11", tags=["global-health", "vaccines", "children", "cash-transfers"],
    ),
    dict(
        slug="givedirectly", name="GiveDirectly", initials="GD",
        logo_color="#1f6f78",
        mission="Sends cash directly to people living in poverty, letting them decide how to use it.",
        description=(
            "GiveDirectly makes **unconditional cash transfers** by mobile money to households in "
            "East Africa and elsewhere. Recipients decide for themselves how to spend the money.\n\n"
            "- eligibility is checked in person and by phone\n"
            "- most of each dollar donated reaches recipients\n"
            "- programs and results are studied in randomized evaluations\n\n"
            "See [givedirectly.org](https://www.givedirectly.org) for current programs."
        ),
        website="https://www.givedirectly.org",
        donate_url="https://www.givedirectly.org/donate/",
        city="New York", region="New York", country="United States",
        rating=3.5, verified=1, minimum=100, unit="dollar transferred", cost=110,
        created="2023-01-04", tags=["cash-transfers", "poverty"],
    ),
    dict(
        slug="evidence-action", name="Evidence Action", initials="EA",
        logo_color="#8a5a00",
        mission="Scales evidence-based programs that improve the health and wellbeing of the world's poorest people.",
        description=(
            "Evidence Action runs the **Deworm the World Initiative**, which helps governments treat "
            "school-age children for parasitic worms through school-based deworming days, and "
            "**Dispensers for Safe Water**, which installs chlorine dispensers at village water points.\n\n"
            "- treatment is delivered by trained teachers in schools\n"
            "- independent monitors check coverage\n"
            "- the cost per treatment is well under a dollar\n\n"
            "More at [evidenceaction.org](https://www.evidenceaction.org)."
        ),
        website="https://www.evidenceaction.org",
        donate_url="https://www.evidenceaction.org/donate",
        city="Washington", region="District of Columbia", country="United States",
        rating=3.5, verified=1, minimum=500, unit="deworming treatment", cost=50,
        created="2023-03-02", tags=["global-health", "deworming", "children", "water"],
    ),
    dict(
        slug="unlimit-health", name="Unlimit Health", initials="UH",
        logo_color="#a23b5c",
        mission="Works to end parasitic infections in the world's poorest communities.",
        description=(
            "Unlimit Health — known until 2023 as the **SCI Foundation** (Schistosomiasis Control "
            "Initiative) — supports national programs that treat schistosomiasis and "
            "soil-transmitted worms with mass drug administration.\n\n"
            "- partners with ministries of health in sub-Saharan Africa\n"
            "- treats school-age children and at-risk adults\n\n"
            "See [unlimithealth.org](https://unlimithealth.org)."
        ),
        website="https://unlimithealth.org",
        donate_url="https://unlimithealth.org/donate/",
        city="London", region="England", country="United Kingdom",
        rating=2.5, verified=1, minimum=100, unit="deworming treatment", cost=100,
        created="2023-03-02", tags=["global-health", "deworming", "neglected-tropical-diseases"],
    ),
    dict(
        slug="sightsavers", name="Sightsavers", initials="SS",
        logo_color="#b5541b",
        mission="Works to prevent avoidable blindness and fight for the rights of people with disabilities.",
        description=(
            "Sightsavers works in more than 30 countries on eye health and **neglected tropical "
            "diseases**. Its deworming program, reviewed by GiveWell, supports mass treatment for "
            "schistosomiasis and intestinal worms.\n\n"
            "- cataract surgery and eye-care training\n"
            "- trachoma and river blindness elimination\n"
            "- disability inclusion programs\n\n"
            "More at [sightsavers.org](https://www.sightsavers.org)."
        ),
        website="https://www.sightsavers.org",
        donate_url="https://www.sightsavers.org/donate/",
        city="Haywards Heath", region="England", country="United Kingdom",
        rating=3.0, verified=1, minimum=100, unit="deworming treatment", cost=100,
        created="2023-05-19", tags=["eye-health", "deworming", "neglected-tropical-diseases"],
    ),
    dict(
        slug="end-fund", name="The END Fund", initials="END",
        logo_color="#4a5a8c",
        mission="Works to end the most common neglected tropical diseases.",
        description=(
            "The END Fund is a private philanthropic initiative that funds treatment programs for "
            "the most common **neglected tropical diseases** (NTDs): intestinal worms, "
            "schistosomiasis, trachoma, river blindness and lymphatic filariasis.\n\n"
            "- pools donor funding and grants it to national programs\n"
            "- most treatments are donated medicines delivered at scale\n\n"
            "Learn more at [end.org](https://end.org)."
        ),
        website="https://end.org",
        donate_url="https://end.org/donate/",
        city="New York", region="New York", country="United States",
        rating=None, verified=1, minimum=500, unit="NTD treatment", cost=50,
        created="2023-05-19", tags=["neglected-tropical-diseases", "deworming", "global-health"],
    ),
    dict(
        slug="fistula-foundation", name="Fistula Foundation", initials="FF",
        logo_color="#8e3b46",
        mission="Funds surgery that treats obstetric fistula, a childbirth injury that leaves women incontinent.",
        description=(
            "Obstetric fistula is a hole between the birth canal and bladder or rectum caused by "
            "prolonged, obstructed labor. It is treatable with **surgery**, but many women never "
            "get access to a trained surgeon.\n\n"
            "- funds surgeries at partner hospitals in Africa and Asia\n"
            "- trains fistula surgeons\n"
            "- supports outreach so that women know treatment exists\n\n"
            "See [fistulafoundation.org](https://fistulafoundation.org)."
        ),
        website="https://fistulafoundation.org",
        donate_url="https://fistulafoundation.org/donate/",
        city="San Jose", region="California", country="United States",
        rating=3.0, verified=1, minimum=1000, unit="fistula repair surgery", cost=60000,
        created="2023-06-01", tags=["surgery", "maternal-health", "global-health"],
    ),
    dict(
        slug="living-goods", name="Living Goods", initials="LG",
        logo_color="#5e6b1f",
        mission="Supports digitally empowered community health workers who deliver care to families at home.",
        description=(
            "Living Goods works with governments in **Kenya, Uganda and Burkina Faso** to train, "
            "equip, supervise and pay community health workers.\n\n"
            "- health workers use a smartphone app to diagnose, treat and follow up\n"
            "- focus on pregnancy, newborn and child health\n\n"
            "More at [livinggoods.org](https://livinggoods.org)."
        ),
        website="https://livinggoods.org",
        donate_url="https://livinggoods.org/donate/",
        city="Nairobi", region="Nairobi County", country="Kenya",
        rating=3.0, verified=0, minimum=100, unit=None, cost=None,
        created="2024-02-20", tags=["community-health", "children", "global-health"],
    ),
    dict(
        slug="clean-air-task-force", name="Clean Air Task Force", initials="CATF",
        logo_color="#2d5f5d",
        mission="Pushes the change in technologies and policies needed to reach a zero-emissions, high-energy planet.",
        description=(
            "Clean Air Task Force (CATF) is a climate policy and research organization. It works on "
            "**methane**, advanced nuclear, carbon capture, zero-carbon fuels and superhot rock "
            "geothermal.\n\n"
            "- policy analysis and advocacy in the US, Europe and elsewhere\n"
            "- technical research shared with governments and industry\n\n"
            "Learn more at [catf.us](https://www.catf.us)."
        ),
        website="https://www.catf.us",
        donate_url="https://www.catf.us/donate/",
        city="Boston", region="Massachusetts", country="United States",
        rating=3.5, verified=1, minimum=100, unit=None, cost=None,
        created="2023-09-12", tags=["climate", "research"],
    ),
    dict(
        slug="givewell", name="GiveWell", initials="GW",
        logo_color="#56606b",
        mission="Searches for the charities that save or improve lives the most per dollar.",
        description=(
            "GiveWell is a nonprofit charity evaluator. It publishes **in-depth research** on "
            "global health and poverty programs and recommends a short list of top charities.\n\n"
            "- cost-effectiveness models are published in full\n"
            "- donations to the **Top Charities Fund** are granted to the highest-priority gaps\n\n"
            "Read the research at [givewell.org](https://www.givewell.org)."
        ),
        website="https://www.givewell.org",
        donate_url="https://www.givewell.org/donate",
        city="Oakland", region="California", country="United States",
        rating=None, verified=1, minimum=100, unit=None, cost=None,
        created="2023-01-04", tags=["research", "global-health"],
    ),
    dict(
        slug="fred-hollows-foundation", name="The Fred Hollows Foundation", initials="FH",
        logo_color="#8b3a7a",
        mission="Works to end avoidable blindness.",
        description=(
            "Named after the ophthalmologist Fred Hollows, the foundation funds **cataract surgery**, "
            "trains eye-health workers and supports trachoma elimination in more than 25 countries.\n\n"
            "- low-cost intraocular lenses and surgical training\n"
            "- screening programs in remote communities\n\n"
            "More at [hollows.org](https://www.hollows.org)."
        ),
        website="https://www.hollows.org",
        donate_url="https://www.hollows.org/au/donate",
        city="Sydney", region="New South Wales", country="Australia",
        rating=3.0, verified=0, minimum=500, unit="cataract surgery", cost=2500,
        created="2024-04-08", tags=["eye-health", "surgery"],
    ),
    dict(
        slug="partners-in-health", name="Partners In Health", initials="PIH",
        logo_color="#b03a2e",
        mission="Brings the benefits of modern medical science to those most in need.",
        description=(
            "Partners In Health (PIH) works with ministries of health to build and run **hospitals "
            "and clinics** in places such as Haiti, Rwanda, Malawi, Sierra Leone and Peru.\n\n"
            "- trains and pays community health workers\n"
            "- treats tuberculosis, HIV, maternal complications and cancer\n\n"
            "More at [pih.org](https://www.pih.org)."
        ),
        website="https://www.pih.org",
        donate_url="https://www.pih.org/donate",
        city="Boston", region="Massachusetts", country="United States",
        rating=3.0, verified=1, minimum=100, unit=None, cost=None,
        created="2024-04-08", tags=["global-health", "community-health", "maternal-health"],
    ),
]
ORG_ID = {o["slug"]: i + 1 for i, o in enumerate(ORGS)}

MEDIA = [
    ("against-malaria-foundation", "photo", "https://www.againstmalaria.com/images/distributions/malawi-2024-households.jpg",
     "Households collecting nets at a distribution point in Malawi"),
    ("against-malaria-foundation", "video", "https://www.againstmalaria.com/videos/how-a-distribution-works.mp4",
     "How a net distribution works, from registration to hang-up"),
    ("malaria-consortium", "photo", "https://www.malariaconsortium.org/media/smc-distribution-nigeria.jpg",
     "A community distributor giving a child the first SMC dose of the season"),
    ("givedirectly", "video", "https://www.givedirectly.org/videos/how-givedirectly-works.mp4",
     "How GiveDirectly enrolls recipients and sends mobile-money transfers"),
    ("givedirectly", "photo", "https://www.givedirectly.org/images/recipient-kenya-shop.jpg",
     "A recipient in Kenya who used her transfer to stock a small shop"),
    ("evidence-action", "photo", "https://www.evidenceaction.org/images/deworming-day-kenya.jpg",
     "National School-Based Deworming Day in a Kenyan primary school"),
    ("evidence-action", "photo", "https://www.evidenceaction.org/images/chlorine-dispenser.jpg",
     "A chlorine dispenser installed next to a village water point"),
    ("fistula-foundation", "video", "https://fistulafoundation.org/videos/a-second-chance.mp4",
     "Patients and surgeons at a partner hospital talk about fistula repair"),
    ("helen-keller-intl", "photo", "https://helenkellerintl.org/images/vitamin-a-campaign.jpg",
     "A health worker giving vitamin A drops during a national campaign"),
]


def write_logo(directory, org):
    n = len(org["initials"])
    size = {1: 30, 2: 26, 3: 19, 4: 15}[n]
    color = org["logo_color"]
    assert contrast_with_white(color) >= 4.5, (org["slug"], color)
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" '
        f'role="img" aria-label="{org["name"]}">'
        f'<title>{org["name"]}</title>'
        f'<rect width="64" height="64" rx="12" fill="{color}"/>'
        f'<text x="32" y="32" dy="0.35em" text-anchor="middle" fill="#ffffff" '
        'font-family="system-ui, -apple-system, \'Segoe UI\', Roboto, Helvetica, Arial, sans-serif" '
        f'font-size="{size}" font-weight="600" letter-spacing="0.5">{org["initials"]}</text>'
        '</svg>\n'
    )
    assert len(svg.encode()) < 1024
    with open(os.path.join(directory, org["slug"] + ".svg"), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(svg)


def write_logos(directory):
    os.makedirs(directory, exist_ok=True)
    for org in ORGS:
        write_logo(directory, org)


def write_sql(w):
    w.comment("Organizations (real charities; cost figures are rounded public estimates)")
    w.insert("organizations",
             ["id", "slug", "name", "mission", "description", "website", "donate_url", "logo", "city", "region",
              "country", "rating", "verified", "minimum_donation_cents", "impact_unit", "cost_per_unit_cents",
              "created_at"],
             [(ORG_ID[o["slug"]], o["slug"], o["name"], o["mission"], o["description"], o["website"],
               o["donate_url"], f"/images/logos/{o['slug']}.svg", o["city"], o["region"], o["country"],
               o["rating"], o["verified"], o["minimum"], o["unit"], o["cost"], o["created"]) for o in ORGS])
    w.blank()
    w.comment("Organization tags")
    w.insert("organization_tags", ["organization_id", "tag"],
             [(ORG_ID[o["slug"]], t) for o in ORGS for t in o["tags"]])
    w.blank()
    w.comment("Organization media (photos and videos on the organizations' own sites)")
    w.insert("organization_media", ["id", "organization_id", "kind", "url", "caption"],
             [(i + 1, ORG_ID[slug], kind, url, cap) for i, (slug, kind, url, cap) in enumerate(MEDIA)])
    w.blank()
