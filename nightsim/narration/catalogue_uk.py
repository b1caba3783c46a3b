# ruff: noqa: RUF001, RUF002  (Cyrillic letters are the point of this file)
"""Українська: усі слова оповіді й `check`. Терміни — з першоджерела (docs/rules.md, глосарій):
Статура, Мудрість, Харизма, рятувальний кидок проти Загибелі, ведучий гри, повноцінний нічний
відпочинок, виснаження, мандрівні чудовиська, захоплено зненацька, варта, послідовність варт,
засіб для добування вогню; шанси — «2 з 6» (не «2-in-6»), тривалість — «6 год 40 хв».

Ніч і зустріч — у теперішньому часі; ранок розповідає, що сталося, у минулому, і там, де
дієслово має рід, рядок береться за займенниками персонажа (`pronouns`), а без них — такий,
що роду не потребує (ніколи не множина дієслова для однини «they»: «Moss: без сну на
варті»). `{і}`, `{у}`, `{о}`: і/й, у/в, о/об за сусідніми звуками (euphony.py);
`{hours:#hour_acc}`: число з іменником у потрібній формі множини (CLDR); `{to:@acc}`: ім'я
в потрібному відмінку (declension.py, або форми з конфігурації: party.forms)."""

from __future__ import annotations

UK: dict[str, str | dict[str, str]] = {
    # сервер (nightsim serve): його сторінки й відмови
    "cplayers.night": "{name} · ніч {night}",
    "cplayers.head": "Останній геш ланцюжка цієї ночі (запишіть: ним гравець перевіряє ніч):",
    "cplayers.next": "Зерно наступної ночі зафіксовано: sha256",
    "serve.show": "кампанія зараз",
    "serve.adjust": "між ночами: поправки",
    "serve.campaign_page": "сторінка кампанії",
    "serve.campaign_page_players": "сторінка для гравців",
    "serve.edit_camp": "редагувати табір",
    "serve.new_campaign": "нова кампанія з нього",
    "serve.new_camp": "Новий табір",
    "serve.verify": "Перевірити журнал",
    "serve.whatif": "А якби…",
    "serve.odds": "Шанси",
    "serve.title": "nightsim за столом",
    "serve.nav": "Пульт",
    "serve.home": "Табори й кампанії",
    "serve.home_title": "Пульт ведучого",
    "serve.folder": "Тека: {folder}",
    "serve.players_screen": "Екран гравців",
    "serve.players_hint": "Відкрийте цю адресу на телефонах гравців або на телевізорі: вона"
    " показує кожну ніч, поки її розповідають, і лише те, що знають персонажі.",
    "serve.campaigns": "Кампанії",
    "serve.camps": "Табори",
    "serve.none": "У цій теці поки нічого немає.",
    "serve.pace": "Розповідь",
    "serve.pace_now": "одразу всю",
    "serve.pace_brisk": "жваво",
    "serve.pace_slow": "повільно",
    "serve.sets": "Зміни на цю ніч (КЛЮЧ=ЗНАЧЕННЯ, по одній у рядку)",
    "serve.seed": "Зерно (порожньо: нове; інакше щонайменше 16 знаків)",
    "serve.play_next": "Зіграти наступну ніч",
    "serve.play_camp": "Зіграти ніч",
    "serve.as_json": "кампанія в JSON",
    "serve.watch_title": "Ніч, як її розповідають",
    "serve.table_title": "Ніч у таборі",
    "serve.table_waiting": "Ще не зіграно жодної ночі. Цей екран покаже наступну, поки її"
    " розповідатимуть.",
    "serve.refused_title": "Не виконано",
    "serve.wrong_host": "цей сервер не відповідає для вузла {host}",
    "serve.no_token": "відкрийте адресу, яку надрукував nightsim serve: у ній є ключ доступу",
    "serve.too_large": "запит більший, ніж приймає сервер",
    "serve.csrf": "форма застаріла: оновіть сторінку й надішліть її знову",
    "serve.referee_only": "це може зробити лише адреса ведучого",
    "serve.not_found": "такої сторінки немає",
    "serve.method": "цю сторінку так не запитують",
    "serve.bad_request": "хибний запит: {what}",
    "serve.seed_short": "зерно: коротше за {chars} символів його можна знайти за гешем зерна,"
    " який показує екран гравців: вкажіть довше або жодного, і буде нове",
    "serve.no_campaign": "{name}: кампанії з такою назвою в теці немає",
    "serve.body_not_json": "тіло запиту — не JSON",
    "serve.body_object": "тіло запиту має бути об'єктом JSON",
    "serve.api_pace": "pace: потрібні секунди від 0 до {most}",
    "serve.api_sets": "sets: очікується список рядків КЛЮЧ=ЗНАЧЕННЯ",
    "serve.night_number": "n: очікується номер ночі від 1 до {most}",
    "serve.no_night": "у цій кампанії немає ночі {night}",
    "serve.cursor": "Last-Event-ID чи ?after=: очікується курсор (id) або now",
    "serve.internal": "внутрішня помилка: див. вивід сервера",
    "serve.busy": "на {name} уже грають іншу ніч: дочекайтеся її кінця",
    # слова й формати
    "word.nobody": "ніхто",
    "word.everyone": "всіх",
    "word.yes": "так",
    "word.no": "ні",
    "fmt.hm": "{h}\u00a0год {m}\u00a0хв",
    "fmt.h": "{h}\u00a0год",
    "fmt.m": "{m}\u00a0хв",
    "fmt.unit_space": "\u00a0",
    "fmt.duration": "{h}\u00a0год {m}\u00a0хв",
    "fmt.duration_m": "{m}\u00a0хв",
    # The months of the Dolmenwood calendar in Ukrainian letters (a transliteration, as a
    # Ukrainian table reads them aloud).
    "month.Grimvold": "Ґрімволд",
    "month.Lymewald": "Лаймвальд",
    "month.Haggryme": "Гаґґрайм",
    "month.Symswald": "Сімсвальд",
    "month.Harchment": "Гарчмент",
    "month.Iggwyld": "Іґґвілд",
    "month.Chysting": "Чистинг",
    "month.Lillipythe": "Ліліпайт",
    "month.Haelhold": "Гейлголд",
    "month.Reedwryme": "Рідрайм",
    "month.Obthryme": "Обтрайм",
    "month.Braghold": "Бреґголд",
    # After a day, the genitive («1 Рідрайма», as «1 вересня»): Catalogue.month_in_date.
    "month_date.Grimvold": "Ґрімволда",
    "month_date.Lymewald": "Лаймвальда",
    "month_date.Haggryme": "Гаґґрайма",
    "month_date.Symswald": "Сімсвальда",
    "month_date.Harchment": "Гарчмента",
    "month_date.Iggwyld": "Іґґвілда",
    "month_date.Chysting": "Чистинга",
    "month_date.Lillipythe": "Ліліпайта",
    "month_date.Haelhold": "Гейлголда",
    "month_date.Reedwryme": "Рідрайма",
    "month_date.Obthryme": "Обтрайма",
    "month_date.Braghold": "Бреґголда",
    # The creatures of the bundled camps' encounter tables (nightsim/data), in Ukrainian: a
    # creature is config data, so a referee's own names are told as written.
    "creature.a pack of wolves": "зграя вовків",
    "creature.a lost pedlar drawn to the firelight": "заблукалий коробейник, що йде на світло"
    " багаття",
    "creature.a redcap": "червоний ковпак",
    "creature.a wandering bog corpse": "мандрівний болотяний мрець",
    "creature.a giant centipede": "гігантська стонога",
    "creature.a band of woodcutters drawn to the light": "лісоруби, що йдуть на світло",
    "creature.a band of woodgrue pipers": "дудочники-вудґру",
    "creature.a curious wood elf": "цікавий лісовий ельф",
    "creature.a giant leech": "гігантська п'явка",
    "creature.a hungry bear": "голодний ведмідь",
    "creature.a prowling wildcat": "лісовий кіт, що вийшов на полювання",
    "creature.a will-o'-the-wisp": "блудний вогник",
    # The spells of the bundled camps, in Ukrainian (as configs/ukrainian-party.toml names them).
    "spell.Sleep": "Сон",
    "spell.Cure Light Wounds": "Зцілення легких ран",
    "spell.Detect Evil": "Виявлення зла",
    "spell.Protection from Evil": "Захист від зла",
    "spell.Light": "Світло",
    "spell.Ignite": "Запалювання",
    "fmt.quoted": "\u00ab{text}\u00bb",
    "fmt.minus": "\u2212",
    "fmt.chance": "{x}\u00a0з\u00a0{n}",
    "word.and": " {і} ",
    "fmt.decimal": ",",
    "roll.vs": ", потрібно {target}",
    "roll.on": ", на {target}",
    "roll.on_doze": "; засинає, якщо випаде {target}",
    "roll.surprised_on": "; зненацька, якщо випаде {faces}",
    "roll.on_spell": "; втрачено, якщо випаде {target}",
    # призначення кидків
    "roll.firewood": "дрова",
    "roll.WIS check": "перевірка Мудрості",
    "roll.CHA check": "перевірка Харизми",
    "roll.CON check": "перевірка Статури",
    "roll.save vs Doom": "рятувальний кидок проти Загибелі",
    "roll.light the fire": "розпалювання багаття",
    "roll.falls asleep on watch": "сон на варті",
    "roll.minute of dozing off": "хвилина засинання",
    "roll.wandering monster": "мандрівні чудовиська",
    "roll.minute of arrival": "хвилина появи",
    "roll.party surprise": "захоплення зненацька (загін)",
    "roll.monster surprise": "захоплення зненацька (чудовиська)",
    "roll.distance x 30 ft": "відстань \u00d7 {rule.distance_feet}\u2032",
    "roll.creature": "істота",
    "roll.spell fails": "закляття",
    # замкнені переліки
    "season.winter": "зима",
    "season.spring": "весна",
    "season.summer": "літо",
    "season.autumn": "осінь",
    "weather.dry": "суха погода",
    "weather.damp": "вогка погода",
    "weather.snow": "сніг",
    "weather.heavy_rain": "сильна злива",
    "difficulty.easy": "легко",
    "difficulty.moderate": "помірно",
    "difficulty.hard": "складно",
    "difficulty.impossible": "неможливо",
    "table.night_fire": "ніч із багаттям",
    "table.night_no_fire": "ніч без багаття",
    "terrain.farmland": "орні землі",
    "terrain.fungal forest": "грибний ліс",
    "terrain.hills": "пагорби",
    "terrain.meadow": "луки",
    "terrain.open forest": "рідколісся",
    "terrain.bog": "трясовина",
    "terrain.hilly forest": "горбистий ліс",
    "terrain.tangled forest": "нетрі",
    "terrain.boggy forest": "заболочений ліс",
    "terrain.craggy forest": "скелястий ліс",
    "terrain.swamp": "болото",
    "terrain.thorny forest": "колючий ліс",
    "reason.no fire-starter": "ні в кого немає засобу для добування вогню",
    "reason.no firewood": "немає дров",
    "reason.the fire would not catch": "розпалити його не вдається",
    "reason.no fire": "немає багаття",
    "reason.no cookware": "немає кухонного посуду",
    "reason.no ingredients": "немає інгредієнтів",
    "reason.camped dark by choice": "загін свідомо ночує без вогню",
    "reason.no fire-starter nor wood": "ні в кого немає засобу для добування вогню, і дров"
    " теж немає",
    # заголовок
    "header.title": "nightsim \u00b7 зерно {seed}",
    "header.journey": "мандрівка на {nights:#night}",
    "header.terrain": "Табір: {terrain}; шанс зустрічі {chance} з {rule.chance_die}.",
    "header.chance": "Шанс зустрічі {chance} з {rule.chance_die} (заданий для цього гексу).",
    "header.season": "Пора року: {season}",
    "header.season_month": "Пора року: {season} ({month})",
    "header.weather": "{weather}, модифікатор кидка на дрова {mod}",
    "header.weather_custom": "погода на розсуд ведучого гри",
    "header.weather_by_night": "погода ніч за ніччю: {weathers}",
    "header.fire_auto": "Багаття: є засіб для добування вогню; за звичайних умов багаття"
    " розпалюється автоматично.",
    "header.fire_by_weather": "Багаття: є засіб для добування вогню; сухої чи вогкої ночі"
    " багаття розпалюється без кидка, у сніг чи зливу — лише з шансом {chance} з"
    " {rule.chance_die}.",
    "header.fire_chance": "Багаття: є засіб для добування вогню, але шанс успішно розпалити"
    " багаття лише {chance} з {rule.chance_die}.",
    "header.fire_no_starter": "Багаття: ні в кого немає засобу для добування вогню.",
    "header.carried": "Принесено дров на {hours:#hour_acc}.",
    "header.rest": "Відпочинок {start}\u2013{end}; варти: {rota}.",
    "header.no_watch": "ніхто не вартує",
    "header.fire_dark": "Багаття: немає, загін свідомо ночує без вогню.",
    "header.bedroll": "спальний згорток",
    "header.tent": "намет",
    "header.no_bedding": "немає",
    # стовпці
    "col.character": "Персонаж",
    "col.hp": "HP",
    "col.save_doom": "РК Загибелі",
    # the party table's heading on two lines, so the column stays as narrow as its numbers
    "col.save_doom_wrapped": "РК\nЗагибелі",
    "col.bedding": "Спорядження",
    "col.spells": "Закляття",
    "col.slept": "Сон",
    "col.night": "Ніч",
    # the rest table\'s difficulty of the night for a character (easy, moderate, …)
    "col.difficulty": "Складність",
    "col.check": "Перевірка Статури",
    "col.rest": "Повноцінний відпочинок",
    # "Висн." in the morning table: with "1d6 [6]+3 = 9, потрібно ≥4" a row must still fit
    # 100 columns on one line
    "col.exhaustion": "Висн.",
    "col.rested": "Відпочинок",
    "col.hp_path": "HP",
    "col.exhaustion_path": "Виснаження",
    "col.lost": "Втрачено заклять",
    "col.surprised": "Захоплено зненацька (ночей)",
    "abbr.con": "Стат.",
    "abbr.wis": "Мудр.",
    "abbr.cha": "Хар.",
    "abbr.exhaustion": "Висн.",
    "abbr.rest": "Відпоч.",
    # вечір
    "evening.title": "Вечір",
    "evening.site_one": "{actors} облаштовує табір: прибирає гілки й каміння, розкладає спальні"
    " згортки, готує вогнище.",
    "evening.site_many": "{actors} облаштовують табір: прибирають гілки й каміння, розкладають"
    " спальні згортки, готують вогнище.",
    "evening.firewood": "{actor} збирає дрова: багаттю вистачить на {hours:#hour_acc}.",
    "evening.firewood_none": "{actor} шукає дрова, але не знаходить придатних для багаття.",
    "evening.water": "{actor} набирає питної води й наповнює всі бурдюки.",
    "evening.fire_lit": "Багаття розпалено: дров на {hours:#hour_acc}, горітиме до {until}.",
    "evening.fire_not_lit": "Цієї ночі без багаття: {reason}.",
    "evening.meal_tasty": "{actor} готує особливо смачну страву: +{rule.tasty_meal_bonus} до"
    " перевірок Статури на"
    " відпочинок для {eaters:@gen}.",
    "evening.meal_plain": "{actor} готує їстівну, але нічим не видатну страву.",
    "evening.meal_ruined": "{actor} псує страву: вона цілком неїстівна, використані інгредієнти"
    " змарновано.",
    "evening.meal_not_cooked": "{actor} не може приготувати їжу: {reason}.",
    "evening.mood_lifted": "{actor} розважає товариство й підносить дух:"
    " +{rule.lifted_mood_bonus} до перевірок Статури"
    " на відпочинок для всіх.",
    "evening.mood_flat": "{actor} намагається розважити товариство, але спроба зазнає невдачі.",
    "evening.mood_ridiculed": "{actor} намагається розважити товариство й наражається на"
    " глузування та чвари: \u2212{rule.ridicule_penalty} до власних перевірок Статури на"
    " відпочинок.",
    # ніч: теперішній час
    "night.title": "Ніч {night} \u00b7 {when}",
    "night.title_weather": "{title} \u00b7 {weather}",
    "night.date": "{day} {month}, {season}",
    "night.month": "{month}, {season}",
    "night.hours_title": "Ніч, година за годиною",
    "night.rest_began": "Табір вкладається спати; відпочинок до {until}.",
    "night.no_watch": "Варти ніхто не несе.",
    "night.unwatched_from": "Від {clock} ніхто не вартує.",
    "night.watch_began": "{actor} заступає на варту до {until}.",
    "night.watch_resumed": "Варта відновлюється: {actor} вартує до {until}.",
    "night.handed_over": "{actor} будить {to:@acc} {і} передає варту.",
    "night.dozed": "{actor} засинає на варті. Відтепер ніхто не вартує.",
    "night.missed_self": "{actor} спить далі й просипає власну варту.",
    "night.missed": "Ніхто не будить {actor:@acc}: зміну варти пропущено, {actor} спить далі.",
    "night.watch_ended": "{actor} завершує варту; решта ночі без варти.",
    "night.fire.out": "Багаття згасає.",
    "night.monster_check": "Ведучий гри таємно виконує перевірку на появу мандрівних чудовиськ"
    " ({chance} з {rule.chance_die}).",
    "night.monster.arrived": "Щось виходить із темряви!",
    "night.camp.woke": "Увесь табір прокидається.",
    "night.settled": "Табір знову вкладається; на варті {actor}.",
    "night.settled_no_watch": "Табір знову вкладається; варти ніхто не несе.",
    "night.rest_extended": "Табір відсипається: відпочинок триває до {until}.",
    "hour.title": "{start}\u2013{end} година {hour}",
    "hour.on_watch": "на варті: {actor}",
    "hour.on_watch_turns": "на варті: {turns}",
    "hour.turn_first": "{who} до {until}",
    "hour.turn_then_until": ", потім {who} до {until}",
    "hour.turn_last": ", потім {who}",
    "hour.nobody_watch": "на варті нікого",
    "hour.fire_on": "багаття горить",
    "hour.fire_off": "багаття немає",
    "hour.fire_for": "багаття горить {minutes:#minute_acc}",
    "hour.asleep": "сплять: {names}",
    "hour.asleep_one": "спить: {names}",
    "hour.dozed": "сон на варті: {names}",
    "hour.dozed_woken": "сон на варті, доки не розбудили: {names}",
    "hour.awake": "не сплять: {names}",
    "hour.awake_one": "не спить: {names}",
    "hour.awake_span": "не сплять {span}: {names}",
    "hour.awake_one_span": "не спить {span}: {names}",
    "hour.span_between": "{start}\u2013{end}",
    "hour.span_from": "з {clock}",
    "hour.span_until": "до {clock}",
    # зустріч: теперішній час
    "enc.title": "Зустріч {о} {clock}",
    "enc.title_night": "Ніч {night}: зустріч {о} {clock}",
    "enc.check": "Перевірка на появу мандрівних чудовиськ: {roll}.",
    "enc.watch_of": "На варті {actor}.",
    "enc.watch_of_asleep": {
        "he": "На варті {actor}, але він спить.",
        "she": "На варті {actor}, але вона спить.",
        "they": "На варті {actor}, але спить.",
        "none": "На варті {actor}, але спить.",
    },
    "enc.watch_of_unwoken": "На варті нікого: зараз варта {actor:@gen}, але {actor:@acc} ніхто не"
    " розбудив.",
    "enc.unwatched_hour": "Цю частину ночі ніхто не вартує.",
    "enc.creature": "Істота: {creature} (таблиця: {table}).",
    "enc.roll_table": "Визначте істоту за своєю таблицею: {table}.",
    "enc.distance": "Відстань: {ft:#foot} ({roll} \u00d7 {rule.distance_feet}\u2032).",
    "enc.awake": "Не сплять: {names}.",
    "enc.awake_one": "Не спить: {names}.",
    "enc.nobody_awake": "Ніхто не пильнує: загін захоплено зненацька.",
    "enc.surprised": "Захоплено зненацька: {names}.",
    "enc.party_surprised": "Тих, хто не спить ({names}), однаково захоплено зненацька: кидок"
    " загону {roll}.",
    "enc.party_not_surprised": "Тих, хто не спить ({names}), не захоплено зненацька: кидок"
    " загону {roll}.",
    "enc.party_surprised_one": "Того, хто не спить ({names}), однаково захоплено зненацька:"
    " кидок загону {roll}.",
    "enc.party_not_surprised_one": "Того, хто не спить ({names}), не захоплено зненацька: кидок"
    " загону {roll}.",
    "enc.monster_surprised": "Чудовисько захоплено зненацька ({roll}).",
    "enc.monster_not_surprised": "Чудовисько не захоплено зненацька ({roll}).",
    # ранок: що сталося вночі (минулий час, рід за займенниками)
    "morning.title": "Ранок після ночі {night} \u00b7 {clock}",
    "rest.short": "ні: сон менше {rule.min_sleep_hours} год",
    "rest.short_abbr": "<\u00a0{rule.min_sleep_hours}\u00a0год",
    "rest.check_passed": "так",
    "rest.check_failed": "ні",
    "rest.easy": "так",
    "rest.quick": "так: спрощене правило",
    "rest.impossible": "ні",
    "morning.spells": "{actor} готує закляття:",
    "morning.spell_risk_interrupted": "(сон перервано: кожне закляття під загрозою, 1 з"
    " {rule.spell_die})",
    "morning.spell_risk_unrested": "(без повноцінного нічного відпочинку: кожне закляття"
    " під загрозою, 1 з {rule.spell_die})",
    "morning.fire_unlit": "Багаття не було.",
    "morning.fire_lasted": "Багаття горіло до світанку.",
    "morning.fire_out_warm": "Багаття згасло {о} {clock}, але встигло зігріти табір.",
    "morning.fire_out_cold": "Багаття згасло {о} {clock}, надто рано, щоб зігріти табір.",
    "morning.rota_broken": "Послідовність варт порушено {о} {clock}.",
    "morning.exhaustion": "Виснаження: кожна ніч без повноцінного відпочинку додає рівень,"
    " а повноцінний відпочинок його знімає. Кожен рівень \u2014 \u22121 (за \u00abКнигою"
    " кампанії\u00bb \u2014"
    " до кидків атаки й шкоди); ніч лише переносить рівень далі.",
    # The same for every character, and read as "did not doze", never "did not sleep".
    "morning.watch_held": "{actor} до світанку не засинає на варті ({roll}).",
    "morning.no_encounter": "Мандрівні чудовиська не прийшли ({roll}).",
    # --view players: the same lines without what stays behind the screen (nightsim/view.py)
    "header.title@players": "nightsim \u00b7 для гравців",
    "header.commitment": "Геш зерна: sha256 {sha}",
    "whatif.title@players": "А якби\u2026 \u00b7 для гравців",
    "whatif.roll_nobody@players": "кидок ведучого",
    "header.terrain@players": "Табір: {terrain}.",
    "header.chance@players": "Табір у дикій місцевості.",
    "enc.creature@players": "Істота: {creature}.",
    "enc.roll_table@players": "Істота: як розповість ведучий.",
    "enc.distance@players": "Відстань: {ft:#foot}.",
    "enc.monster_surprised@players": "Чудовисько захоплено зненацька.",
    "enc.monster_not_surprised@players": "Чудовисько не захоплено зненацька.",
    "morning.watch_held@players": "{actor} до світанку не засинає на варті.",
    "morning.no_encounter@players": "Мандрівні чудовиська не прийшли.",
    # мандрівка
    "journey.title": "Мандрівка: {nights:#night}",
    "journey.attacked": "Ночей із зустріччю: {count} (№ {nights}).",
    "journey.never_attacked": "За всю мандрівку жодної зустрічі.",
    # смуга часу
    "strip.title": "Хто коли спав",
    "strip.fire": "багаття",
    "strip.monster": "чудовисько",
    "strip.watch": "на варті",
    "strip.asleep": "спить",
    "strip.dozing": "сон на варті",
    "strip.awake": "не спить",
    "strip.fire_burning": "багаття",
    "strip.arrival": "поява",
    "strip.cell": "клітинка = {minutes:#minute}",
    # сторінка (`--format html`): позначки й підписи діаграми
    "page.timeline": "Огляд ночі",
    "page.chart_label": "Час відпочинку від {start} до {end}: хто вартував, спав, спав"
    " на варті чи не спав, хвилина за хвилиною",
    "page.events": "події",
    "page.dawn": "світанок",
    "page.span": "{actor}: {state}, {start}\u2013{end}",
    "page.fire_span": "Горить багаття, {start}\u2013{end}",
    "page.rota_broke": "послідовність варт порушено",
    "page.broke": "Послідовність варт порушено {о} {clock}",
    "page.arrival_awake": "{actor}: не спить, коли воно приходить",
    "page.arrival_surprised": "{actor}: захоплено зненацька",
    "page.hand_over": "передача варти",
    "page.missed": "пропущена передача варти",
    "page.doze": "сон на варті",
    "page.event": "подія",
    "page.surprised": "захоплено зненацька",
    "page.keys": "Наведіть на позначку або перейдіть до неї клавішею Tab, щоб прочитати подію"
    " та її кидки; те саме розказано година за годиною нижче.",
    "page.hp_chart": "HP після кожної ночі",
    "page.exhaustion_chart": "Виснаження після кожної ночі",
    "page.start": "початок",
    "page.max_hp": "{actor}: макс. HP {hp}",
    "page.dawn_key": "на світанку: багаття, варти, варта до ранку",
    "page.max_hp_key": "макс. HP кожного персонажа",
    "page.point": "{actor}, {when}: {value}",
    "page.after_night": "після ночі {night}",
    "page.footer": "Розказано з журналу програмою nightsim: ця сторінка не робить жодного"
    " мережевого запиту.",
    # сторінка кампанії (`nightsim.page.campaign`): ночі, діаграми й розділи
    "campaignpage.void": "АНУЛЬОВАНО:",
    "campaignpage.checked": "Перевірено: кожну ніч на цій сторінці зіграно знову з її зерна й"
    " конфігурації, коли сторінку створено, і ланцюжок кампанії перевірено (nightsim"
    " {release}); його останній геш \u2014 {head}.",
    "campaignpage.unchecked": "НЕ ПЕРЕВІРЕНО: сторінку створено без повторної гри ночей"
    " (--unchecked); вона показує те, що записано у файлі. Щоб перевірити: nightsim campaign"
    " verify ФАЙЛ --head ГЕШ.",
    "campaignpage.glance": "Огляд кампанії",
    "campaignpage.span_one": "{nights:#night}: {first}.",
    "campaignpage.span": "{nights:#night}: {first} \u2013 {last}.",
    "campaignpage.tally": "Ночей із зустріччю: {attacked}; поправок між ночами: {adjustments}.",
    "campaignpage.empty": "Ще не зіграно жодної ночі.",
    "campaignpage.last_head": "Останній геш ланцюжка останньої ночі:",
    "campaignpage.col_last": "Остання ніч",
    "campaignpage.col_rested": "Повноцінний відпочинок",
    "campaignpage.nights": "Ночі",
    "campaignpage.col_night": "Ніч",
    "campaignpage.col_date": "Дата",
    "campaignpage.col_camp": "Табір",
    "campaignpage.col_watched": "Вартували",
    "campaignpage.col_encounter": "Зустріч",
    "campaignpage.col_head": "Геш",
    "campaignpage.camp": "{terrain}, {weather}",
    "campaignpage.chance": "шанс зустрічі {chance} з {rule.chance_die}",
    "campaignpage.chance@players": "табір",
    "campaignpage.weather_custom": "погода на розсуд ведучого",
    "campaignpage.none": "немає",
    "campaignpage.encounter": "{creature}, {clock}",
    "campaignpage.encounter_unnamed": "зустріч, {clock}",
    "campaignpage.adjust_first": "Перед першою ніччю",
    "campaignpage.adjust_between": "Між ночами {night} і {next}",
    "campaignpage.adjust_after": "Після ночі {night}",
    "campaignpage.charts": "HP і виснаження протягом кампанії",
    "campaignpage.hp_chart": "HP",
    "campaignpage.exhaustion_chart": "Виснаження",
    "campaignpage.axis": "ночі \u2192",
    "campaignpage.before_night": "перед ніччю {night}",
    "campaignpage.legend": "{name} (макс. HP {max_hp})",
    "campaignpage.chart_note": "Кожну точку накреслено за її значенням: лінії, що збігаються,"
    " розрізняють за штрихами й позначками. Сходинка на межі ночей \u2014 поправка між ночами.",
    "campaignpage.sections": "Сторінка кожної ночі",
    "campaignpage.compact": "Кампанія довша за {limit:#night}: сторінку кожної ночі подано без"
    " діаграми часу, щоб файл лишався невеликим (`nightsim campaign log` і"
    " `replay --format html` дають повну сторінку будь-якої ночі).",
    "campaignpage.back": "Назад до ночей",
    "campaignpage.footer": "Розказано з журналів кампанії програмою nightsim: ця сторінка не"
    " виконує жодного скрипту й не робить жодного мережевого запиту.",
    # --step
    "step.prompt": "[Enter: наступна година] ",
    # where a difference is, and whose watch it was on each side (narration/verdict.py)
    "verdict.type.header": "заголовок ночі",
    "verdict.type.hour": "минула година",
    "verdict.type.summary": "підсумок ночі",
    "verdict.at": "рядок {line}",
    "verdict.at_clock": "рядок {line}, {clock}",
    "verdict.on_watch": "{at}, на варті \u2014 {name}",
    "verdict.nobody_on_watch": "{at}, на варті \u2014 нікого",
    "verdict.watch_differs": "{at}: за журналом на варті \u2014 {log}, а в ночі, зіграній"
    " знову з її зерна й конфігурації, \u2014 {sim}",
    "verdict.nobody": "нікого",
    # verify's answer: the verdict first, in words a player reads at the table
    "verdict.genuine": "СПРАВЖНІЙ: {file} \u2014 саме та ніч, яку дають його зерно й конфігурація",
    "verdict.genuine_journey": "СПРАВЖНІЙ: {file} \u2014 саме та мандрівка, яку дають його зерно й"
    " конфігурація",
    "verdict.not_genuine": "НЕСПРАВЖНІЙ: {file}",
    "verify.broken": "рядок {line}: журнал не такий, яким його записав nightsim: {why}",
    "verify.broken_whole": "журнал не такий, яким його записав nightsim: {why}",
    "verdict.more": "\u2026 і ще {n:#other_event} з відмінностями (--details показує рядки)",
    "verdict.details": "для програмістів (перші відмінні рядки повністю):",
    "verify.no_head": "де журнал закінчується, не перевірено: вкажіть --head з останнім гешем"
    " ланцюжка, оголошеним за столом",
    "verify.head_wrong": "журнал закінчується гешем {got}, а не названим останнім гешем"
    " ланцюжка {head}: відтоді його обрізали, доповнили або переписали",
    "bind.release": "журнал каже, що його записав nightsim {log}, а не оприлюднений випуск {given}",
    "bind.edition": "ніч зіграно за редакцією правил {log}, а не за оприлюдненою редакцією"
    " {given}: те саме зерно за кожною редакцією дає іншу ніч",
    "bind.rng": "ніч зіграно з костями {log}, а не з оприлюдненими {given}: те саме зерно"
    " з іншими костями дає іншу ніч",
    # campaign verify's problems (nightsim/campaign/verification.py): the first one found.
    "cv.not_in": "ночі {night} у кампанії немає",
    "cv.genesis": "початковий геш кампанії (campaign.genesis) змінено",
    "cv.beginning": "початок кампанії (її id, назву, перший загін або геш зерна ночі 1:"
    " campaign.id, campaign.name, campaign.created, campaign.first_commitment чи"
    " campaign.genesis) змінено після того, як кампанію створено",
    "cv.first_seed": "зерно ночі 1 (campaign.first_seed) — не те, чий геш оголосили, коли"
    " кампанія почалася: його змінено",
    "cv.missing_before": "ночі {before} немає: перед ніччю {night} немає жодної ночі",
    "cv.before_broken": "журнал ночі {before} пошкоджено, а ніч {night} починається з її ранку:"
    " `--night {before}` покаже, що не так",
    "cv.missing": "ночі {night} немає: ніч {found} іде за ніччю {before} (рядок видалено або"
    " змінено його nights.number)",
    "cv.no_link": "журнал ночі {night} не називає кампанії: це не ніч кампанії",
    "cv.other_campaign": "ніч {night} з іншої кампанії (її журнал називає кампанію {other}, а не"
    " campaign.id цього файлу)",
    "cv.moved": "ніч {night} переставлено: за її журналом це ніч {said} кампанії",
    "cv.the_night": "ніч {night}",
    "cv.the_beginning": "початок кампанії",
    "cv.not_following": "ніч {night} не продовжує {before}: ночі переставлено або замінено",
    "cv.rerolled": "ніч {night} перекинуто: її зерно — не те, чий геш оголосили {since}",
    "cv.since_night": "після ночі {night}",
    "cv.since_beginning": "на початку кампанії",
    "cv.after_night": "після ночі {night}",
    "cv.before_first": "перед ніччю 1",
    "cv.note": " (примітка: {note})",
    "cv.adj_added": "поправку {where}{note} додано після того, як зіграли ніч {night}",
    "cv.adj_edited": "поправку {where}{note} змінено після того, як зіграли ніч {night}",
    "cv.adj_removed": "поправку {where} видалено після того, як зіграли ніч {night}",
    "cv.adj_no_longer": "поправки перед ніччю {night} уже не застосовуються: {problem}",
    "cv.morning_of": "ранку ночі {night}",
    "cv.first_party": "першого загону кампанії",
    "cv.not_starting": "ніч {night} починається не з {before} і поправок після нього: {diff}",
    "cv.log_broken": "журнал ночі {night} пошкоджено: {problem}",
    "cv.at_line": " у рядку {line}",
    "cv.not_its_dice": "журнал ночі {night} не збігається з її кістками{where}: його змінено",
    "cv.head_column": "записаний останній геш ланцюжка ночі {night} — не той, що в її журналі"
    " (nights.head): реєстр змінено",
    "cv.pending_commitment": "зерно наступної ночі (pending.commitment) — не те, чий геш"
    " оголосили {since}: пізнішу ніч видалено або зерно витягнуто ще раз",
    "cv.adj_after_missing": "поправку записано після ночі {after}, якої в кампанії немає (вона"
    " закінчується ніччю {last}): ніч {after} видалено",
    "cv.adj_after_edited": "поправку після ночі {after}{note} змінено",
    "cv.published_later": "блок записано як оприлюднений для ночі {later}, але наступна ніч —"
    " {next} (publications.night): файл змінено або ніч видалено",
    "cv.adj_after_no_longer": "поправки після ночі {last} уже не застосовуються: {problem}",
    "cv.void_entry": "запис про анулювання після ночі {after}",
    "cv.void_not_one": "{where} — не такий запис: його змінено",
    "cv.void_unplayed": "{where} анулює ніч {night}, якої до нього не грали",
    "cv.void_log_broken": "журнал ночі {night} пошкоджено: `--night {night}`",
    "cv.void_not_restoring": "{where} не повертає стан, з якого почалася ніч {night}: його змінено",
    "cv.diff": "{field} = {got}, а має бути {want}",
    "cv.diff_missing": "{name} — не в загоні",
    "cv.diff_extra": "{name} є в загоні, хоча не мало бути",
    "cv.diff_order": "порядок загону інший",
    "cv.column_values": " (записано {got}, а в журналі {want})",
    "cv.column": "стовпець nights.{column} ночі {night} не такий, як у її журналі{values}:"
    " файл змінено",
    "cv.pending_seed": "зерно наступної ночі (pending.seed) — не те, чий геш оголосили"
    " (pending.commitment): файл змінено",
    "cv.first_config": "першої конфігурації кампанії",
    "cv.pending_state": "конфігурація наступної ночі (pending.state) — не стан {since} з"
    " поправками після нього: файл змінено",
    "cv.publication": "блок, оприлюднений для ночі {night} (оприлюднення {number}), називає"
    " інший геш зерна, ніж той, що в ланцюжку (publications.commitment або"
    " publications.night): файл змінено",
    # A file refused before it is read (nightsim/errors.py), and a config's mistakes.
    "file.missing": "{path}: такого файлу немає",
    "file.directory": "{path}: це тека, а очікується {expected}",
    "file.being_written_log": "{path}: інший nightsim саме записує цей журнал; зачекайте або"
    " виберіть іншу назву",
    "file.being_written_file": "{path}: інший nightsim саме записує цей файл; зачекайте або"
    " виберіть іншу назву",
    "file.partial_left": "{partial}: уже існує: запуск, що записував {path}, зупинили до кінця;"
    " відтворіть його (replay) або видаліть",
    "file.exists_log": "{path}: уже існує; журнал ніколи не записують поверх наявного файлу",
    "file.exists_page": "{path}: уже існує; сторінку ніколи не записують поверх наявного файлу",
    "file.exists_init": "{path}: уже існує; init ніколи не записує поверх наявного файлу",
    "file.log_dir_hint": " (--log-dir DIR записує журнал у теку)",
    "file.is_directory": "{path}: це тека, а потрібна назва файлу{hint}",
    "file.cannot_write": "{path}: не вдається записати: {why}",
    "file.cannot_write_page": "{path}: не вдається записати сторінку: {why}",
    "file.page_appeared": "{path}: з'явився, поки тривала ніч; сторінку ніколи не записують"
    " поверх файлу (відтворіть журнал із --format html, щоб її отримати)",
    "file.cannot_copy_pipe": "{path}: не вдається скопіювати канал у тимчасовий файл: {why}",
    "file.cannot_create_campaign": "{path}: не вдається створити кампанію: {why}",
    "file.stdout_failed": "stdout: не вдається записати: {why}; {where}; цю ніч дає {rerun}",
    "file.and_where": "{problem}; {where}",
    "file.page_failed_campaign": "{problem}; ніч є в кампанії {path}",
    "names.blank": "{where}: {name} порожнє; дайте ім'я",
    "names.space_start": "{where}: {name} має пробіл на початку, і друкується так само, як ім'я"
    " без нього; приберіть його",
    "names.space_end": "{where}: {name} має пробіл у кінці, і друкується так само, як ім'я без"
    " нього; приберіть його",
    "names.invisible": "{where}: {name} містить {point}{char:.0}, невидимий символ, тож"
    " друкується як інше ім'я; приберіть його",
    "names.how_forms": "те саме ім'я у двох формах Unicode, складеній і розкладеній ({a} і {b})",
    "names.how_case": "те саме ім'я з різницею лише в регістрі (порівняно після нормалізації"
    " Unicode)",
    "names.same": "party: {a} і {b} \u2014 {how}; дайте двом персонажам імена, що різняться більше",
    "names.are_case": "\u2014 те саме ім'я з різницею лише в регістрі (порівняно після"
    " нормалізації Unicode)",
    "names.look_alike_as": "схожі на вигляд ({a} і {b})",
    "names.joining": "party: {a} і {b} {how}; дайте новому учасникові ім'я, що різниться більше",
    "names.mixes": "party[{i}].name: {name} змішує літери різних писемностей ({scripts}:"
    " {codes}{chars:.0}): воно може видавати себе за інше ім'я",  # Unicode's names are English
    "script.LATIN": "латиниця",
    "script.CYRILLIC": "кирилиця",
    "script.GREEK": "грецьке письмо",
    "script.ARMENIAN": "вірменське письмо",
    "script.GEORGIAN": "грузинське письмо",
    "script.HEBREW": "іврит",
    "script.ARABIC": "арабське письмо",
    "script.CJK": "китайські ієрогліфи",
    "names.look_alike": "party: {a} і {b} схожі на вигляд; гравець може сплутати їх",
    "unread.edition": "журнал зіграно за редакцією правил {edition}, якої цей nightsim не грає:"
    " його розказано як записано, без повторної симуляції",
    "unread.uncommitted": "рядок 1: зерно заголовка не дає свого гешу зерна seed_sha256 {sha}:"
    " це не та ніч, яку обіцяв цей геш (`nightsim verify` її не прийме)",
    "unread.type": "пропущено {lines} з типом події {type}, якого цей nightsim не знає (це"
    " записав пізніший випуск)",
    "unread.field": "не враховано {name} у {type} ({lines}), якого цей nightsim не знає (це"
    " записав пізніший випуск)",
    "unread.line": "рядок {line}",
    "unread.lines": "рядків: {count} ({lines})",
    "status.note": "примітка: {note}",
    "file.appeared_kept": "{path}: з'явився, поки записували файл; його збережено цілим як"
    " {partial}",
    "file.cannot_rename": "{path}: не вдається дати файлу його назву: {why}",
    "file.no_log_written": "журнал не записано; ",
    "file.night_not_kept": "{problem}; {kept}цю ніч дає {rerun}",
    "file.none_written": "{problem}; жодного файлу не записано",
    "file.unreadable": "{path}: не вдається прочитати: {why}",
    "file.kernel": "{path}: це файл ядра ({kind}), а не {expected}",
    "file.not_regular": "{path}: це не звичайний файл (канал чи пристрій)",
    "file.device": "{path}: це пристрій, а не звичайний файл чи канал",
    "file.too_large": "{path}: більше за {limit} байтів, межу для такого файлу ({expected})",
    "file.kind_log": "файл журналу",
    "file.kind_config": "файл конфігурації TOML",
    "config.at": "{where}: {problem}",
    "config.got": "{problem}, отримано {got}",
    "config.unknown_key": "невідомий ключ {name} у {where}{hint}; очікується один із: {allowed}",
    "config.top_level": "верхньому рівні",
    "config.did_you_mean": " (можливо, {name}?)",
    "config.listed_more": "{keys}, … (усього {count}: docs/config.md)",
    "config.no_control": "без переносів рядка, керівних символів і перемикачів напрямку"
    " тексту, отримано {got}",
    "config.pydantic": "неприпустиме значення ({msg})",
    "config.required": "обов'язкове поле",
    "config.want_int": "має бути цілим числом",
    "config.want_int_text": "має бути цілим числом (цей рядок не читається як число)",
    "config.want_int_whole": "має бути цілим числом, а це число з дробовою частиною",
    "config.want_bool": "має бути true або false",
    "config.want_bool_text": "має бути true або false (цього значення не розпізнано)",
    "config.want_text": "має бути текстом",
    "config.want_number": "має бути числом",
    "config.want_number_text": "має бути числом (цей рядок не читається як число)",
    "config.want_list": "має бути списком",
    "config.want_tuple": "має бути списком",
    "config.want_table": "має бути таблицею",
    "config.want_ge": "має бути не менше {ge}",
    "config.want_gt": "має бути більше {gt}",
    "config.want_le": "має бути не більше {le}",
    "config.want_lt": "має бути менше {lt}",
    "config.want_one_of": "має бути одним із: {expected}",
    "config.choices": "{first} чи {last}",
    "config.want_max_chars": "символів має бути щонайбільше {max_length}",
    "config.binary": "{where}: це двійковий файл, а очікується файл конфігурації TOML",
    "config.not_utf8": "{where}: це не текст UTF-8 (байт {byte})",
    "config.empty": "{where}: файл порожній, а потрібна конфігурація TOML (спробуйте"
    " `nightsim init`)",
    "config.too_big": "{size} байтів, більше за {limit} байтів, які може мати конфігурація",
    "config.not_toml": "неправильний TOML ({at}): {why}",
    "toml.at": "рядок {line}, стовпець {column}",
    "toml.at_end": "наприкінці файлу",
    "toml.at_unknown": "десь у файлі",
    "toml.expected_after_statement": "після ключа та його значення має бути новий рядок",
    "toml.expected_equals": "після ключа бракує «=»",
    "toml.expected_table_end": "наприкінці назви таблиці бракує «]»",
    "toml.expected_array_end": "наприкінці назви масиву таблиць бракує «]]»",
    "toml.expected": "очікується \u00ab{what}\u00bb",
    "toml.overwrite": "ключу двічі задано значення",
    "toml.declared_twice": "таблицю \u00ab{name}\u00bb оголошено двічі",
    "toml.immutable": "таблицю \u00ab{name}\u00bb уже задано повністю: до неї тут не можна"
    " додавати",
    "toml.redefine": "таблицю \u00ab{name}\u00bb оголошено знову",
    "toml.duplicate_key": "ключ \u00ab{name}\u00bb двічі в одній вбудованій таблиці",
    "toml.not_scalar": "екранований символ, що не є символом Юнікоду",
    "toml.bad_date": "це не дата і не час",
    "toml.bad_hex": "це не шістнадцяткове число",
    "toml.bad_key": "ключ не може починатися з цього символу",
    "toml.bad_statement": "це не рядок «ключ = значення» і не [таблиця]",
    "toml.bad_value": 'це не значення (рядок береться в лапки: "текст")',
    "toml.unclosed_array": "список без закривальної «]»",
    "toml.unclosed_table": "вбудована таблиця без закривальної «}}»",
    "toml.backslash": "зворотна скісна риска в рядку нічого не екранує",
    "toml.unterminated": "рядок без закривальних лапок",
    "toml.bad_character": "символ \u00ab{char}\u00bb тут не дозволено",
    "toml.unknown": "синтаксична помилка",
    "config.too_deep": "таблиці й масиви вкладено глибше ніж на {limit} рівнів (межа)",
    "config.too_long": "ціле число довше за {limit} цифр (межа)",
    "config.set_at": "{option} {item}: {problem}",
    "config.set_control": "{option} {item}: у ключі є керівний символ",
    "config.set_form": "{option} {item}: очікується КЛЮЧ=ЗНАЧЕННЯ, напр. camp.season=winter",
    "config.set_not_dotted": "{option} {item}: {dotted} — не ключ через крапки",
    "config.set_not_toml": "{option} {item}: {value} — не значення TOML{hint}",
    "config.set_quote_names": "; візьміть кожне ім'я в лапки, а весь аргумент — у лапки для"
    " оболонки: {option} '{dotted}=[{names}]{more}'",
    "config.set_no_member": "{option} {item}: у {table} немає учасника на ім'я {name}{hint}",
    "config.set_not_table": "{option} {item}: {dotted} — не таблиця",
    "chead.other_night": "це останній геш ланцюжка ночі {matched}, а не ночі {night} ({got})",
    "chead.night_not": "ніч {night} закінчується гешем {got}, а не названим ({head}), який не"
    " належить жодній ночі цієї кампанії: її відтоді обрізали, доповнили або переписали",
    # `init --list`: готові табори (nightsim/data/configs).
    "camp.bog-in-heavy-rain": "загін із типової конфігурації на болоті під зливою",
    "camp.changing-weather-journey": "тижнева мандрівка заболоченим лісом, погода щоночі інша",
    "camp.party-of-six": "загін із шести персонажів, три варти різної тривалості",
    "camp.summer-meadow-quick": "загін із типової конфігурації на літньому лузі, зі спрощеним"
    " правилом",
    "camp.two-casters": "загін із двома заклиначами й послідовністю варт, що береже їхні закляття",
    "camp.ukrainian-party": "загін з українськими іменами для української розповіді (--lang uk)",
    "camp.winter-hill-fire": "загін із типової конфігурації на пагорбі взимку, з багаттям",
    "init.ready_head": "# Готовий табір: {what}.",
    "init.ready_english": "# (Коментарі нижче — англійською, як у configs/ репозиторію.)",
    "init.write_one": "записати табір: nightsim init --from НАЗВА [ШЛЯХ]",
    "sink.done": "nightsim: приймач подій {where}: доставлено {count}",
    "sink.warn": "nightsim: попередження: приймач подій {where}: доставлено {count}, не"
    " доставлено {left}{why}; журнал і ніч цілі",
    "sink.last": " (остання помилка: {problem})",
    "sink.queued": " (наприкінці ще в черзі)",
    "sink.count_event": "{n:#event}",
    "sink.count_batch": "{n:#batch}",
    "os.ENOSPC": "на пристрої не лишилося місця",
    "os.EDQUOT": "вичерпано дискову квоту",
    "os.EACCES": "доступ заборонено",
    "os.EPERM": "операцію не дозволено",
    "os.EROFS": "файлова система лише для читання",
    "os.ENOENT": "такого файлу чи теки немає",
    "os.EISDIR": "це тека",
    "os.ENOTDIR": "це не тека",
    "os.EEXIST": "файл уже існує",
    "os.EPIPE": "канал закрито з іншого боку",
    "os.ECONNREFUSED": "з'єднання відхилено",
    "os.ECONNRESET": "з'єднання розірвано іншою стороною",
    "os.ETIMEDOUT": "час очікування з'єднання вичерпано",
    "os.EIO": "помилка введення-виведення",
    "os.ENAMETOOLONG": "задовга назва файлу",
    "os.EMFILE": "забагато відкритих файлів",
    "cpubw.seed": "ніч {night} зіграно з іншим зерном: її геш зерна sha256 {got}, а не"
    " оприлюднений {published}",
    "cpubw.config": "ніч {night} зіграно з іншою конфігурацією: її відбиток sha256 {got}, а не"
    " оприлюднений {published}",
    "cpubw.edition": "ніч {night} зіграно за іншою редакцією правил: у журналі {got}, а не"
    " оприлюднена {published}",
    "cpubw.rng": "ніч {night} зіграно з іншими костями: у журналі {got}, а не оприлюднені"
    " {published}",
    "cpubw.release": "ніч {night} зіграно іншим випуском nightsim: у журналі {got}, а не"
    " оприлюднений {published}",
    "cpubw.absent": "ночі {night} немає в кампанії",
    "cpubw.broken": "журнал ночі {night} пошкоджено: його заголовок не JSON",
    "cpub.head_word": "ГЕШ",
    "chead.not": "кампанія закінчується гешем {got}, а не названим ({head}), який не належить"
    " жодній ночі цієї кампанії: її відтоді обрізали, доповнили або переписали",
    "chead.earlier_one": "це останній геш ланцюжка ночі {matched}; відтоді зіграно 1 ніч (ніч"
    " {last}, геш {got}); `--night {matched} --head {head}` перевіряє лише ту ніч",
    "chead.earlier": "це останній геш ланцюжка ночі {matched}; відтоді зіграно ночей: {since}"
    " (ночі з {first} до {last}; геш ночі {last} — {got}); `--night {matched} --head {head}`"
    " перевіряє лише ту ніч",
    "campaign.missing": "{path}: такого файлу немає, а очікується файл кампанії",
    "campaign.not_regular": "{path}: це не звичайний файл, а очікується файл кампанії",
    "campaign.empty": "{path}: порожній файл, а не кампанія nightsim",
    "campaign.other_sqlite": "{path}: база даних SQLite, але не кампанія nightsim",
    # SQLite's own finding is English: the Ukrainian line says what it means instead
    "campaign.corrupt": "{path}: файл кампанії пошкоджено (база даних SQLite не проходить"
    " перевірки цілісності){check:.0}",
    "sqlite.malformed": "образ бази даних зіпсовано",
    "sqlite.not_a_database": "файл зашифровано або це не база даних",
    "campaign.not_sqlite": "{path}: це не файл кампанії (не база даних SQLite або пошкоджений:"
    " {why})",
    "campaign.schema_not_text": "{path}: це не файл кампанії (пошкоджений: його схема — не текст)",
    "campaign.players_copy": "копія для гравців (`campaign share`): у ній немає зерна наступної"
    " ночі, тож ночі з нею не грають; грайте з файлом ведучого",
    "campaign.of_file": "{path}: {problem}",
    "campaign.busy_retry": "{busy}: спробуйте ще раз за мить або збільште --wait",
    "campaign.name_form": "--name {name}: очікується один рядок друкованих символів,"
    " щонайбільше 200",
    "campaign.none_created": "{problem}; кампанію не створено",
    "campaign.disk_full": "{path}: не вдається записати: диск (чи база даних) заповнений;"
    " кампанія така, як була",
    "campaign.disk_full_new": "{path}: не вдається записати: диск (чи база даних)"
    " заповнений; кампанію не створено",
    "campaign.hot_journal": "{path}: запис обірвався й лишив свій журнал відкату ({journal}),"
    " який SQLite має відкотити, перш ніж читати кампанію, але файлова система лише для"
    " читання: відкрийте її раз там, де можна писати (скопіюйте файл разом із його журналом"
    " відкату), і кампанія буде такою, як до того запису",
    "campaign.io": "{path}: не вдається прочитати чи записати: {text}",
    "campaign.not_whole": "{path}: неповний файл кампанії ({text}): його редагували",
    "campaign.not_campaign": "{path}: це не файл кампанії: {text}",
    "campaign.schema_damaged": "{path}: пошкоджено: номер схеми кампанії {got}, якого жоден"
    " nightsim не пише",
    "campaign.schema_later": "{path}: кампанія пізнішого nightsim (схема кампанії {got}; цей"
    " читає до {most})",
    "publish.not_as_published": "ніч {night}: відбиток конфігурації цієї ночі ({tonight}\u2026)"
    " не той, що оприлюднено для неї ({published}\u2026), тож `campaign verify` гравця з"
    " оприлюдненим блоком скаже НЕСПРАВЖНЯ: оприлюдніть знову (`campaign publish` із --set"
    " цієї ночі) і грайте або зіграйте як є з --not-as-published",
    "publish.stale": "nightsim: попередження: блок, оприлюднений для ночі {night}, більше не"
    " чинний (поправка змінила конфігурацію цієї ночі, відбиток якої він називає):"
    " оприлюдніть знову (`campaign publish`), перш ніж грати ніч {night}",
    "campaign.exists": "{path}: уже існує; кампанію ніколи не записують поверх наявного файлу",
    "publish.differs": "nightsim: попередження: конфігурація цієї ночі не та, що оприлюднена для"
    " ночі {night}:\nоприлюднено:\n{published}\nцієї ночі:\n{tonight}\nзіграно, як просили"
    " (--not-as-published): `campaign verify` гравця з оприлюдненим блоком скаже, що ніч"
    " зіграно з іншою конфігурацією",
    "campaign.busy": "кампанія {path} зайнята (її записує інший nightsim)",
    "campaign.void_note": "--note {note}: скажіть, чому ніч анульовано, одним рядком друкованих"
    " символів, щонайбільше 500",
    "campaign.night_gap": "{path}: у файлі бракує ночі {night} (рядок видалено): нову ніч до"
    " нього не додано; що це означає, скаже `nightsim campaign verify`",
    "campaign.void_missing": "ночі {night} у файлі немає: `campaign verify`",
    "campaign.void_broken": "журнал ночі {night} пошкоджено: `nightsim campaign verify --night"
    " {night}` скаже, що не так; нічого не записано",
    "campaign.void_twice": "ніч {night} уже анульовано (примітка: {note})",
    "campaign.void_not_last": "ніч {night} \u2014 не остання: ніч {next} почалася з її ранку;"
    " спершу анулюйте ночі після неї, починаючи з останньої (ніч {later})",
    "campaign.adjust_empty": "поправка потребує хоча б однієї зміни (--set КЛЮЧ=ЗНАЧЕННЯ, --leave)",
    "campaign.adjust_note": "--note {note}: очікується один рядок друкованих символів,"
    " щонайбільше 500",
    "campaign.void_entry": "{item}\u2026: це не запис про анулювання ночі",
    "campaign.void_by_command": "{item}: ніч анулює `nightsim campaign void ФАЙЛ N"
    " --note TEXT`, а не поправка",
    "campaign.adjust_what": "--set {item}: поправка змінює загін, припаси"
    " (camp.carried_firewood_hours, camp.ingredients) чи дату (camp.month, camp.day);"
    " табір цієї ночі \u2014 це `campaign night --set`",
    "campaign.camp_state": "--set {item}: {member}стан загону (учасники, HP, виснаження,"
    " припаси, дата) змінюється лише поправкою: `nightsim campaign adjust"
    " ФАЙЛ --set ... --note ...`",
    "campaign.not_in_party": "{name} — не член загону{hint}; ",
    "campaign.leave_who": "--leave {name}: у загоні немає нікого з таким ім'ям{hint} (загін:"
    " {party})",
    "campaign.new_member": "--set {item}: {name} — не член загону{hint}; новому учасникові"
    " потрібні {required}",
    "campaign.party_fields": "--set {item}: загін \u2014 це його учасники, кожного змінюють"
    " його власні поля (party.NAME.hp=3, party.NAME.exhaustion=0), або --leave NAME",
    "campaign.no_night": "ночі {night} немає (у кампанії їх {last})",
    "campaign.the_adjustment": "поправка {where}",
    "campaign.an_adjustment": "поправка",
    "campaign.the_adjustments": "поправки",
    "campaign.tonight": "сьогоднішній табір",
    "campaign.voiding": "анулювання ночі {night}",
    "cfg.terrain": "невідома місцевість {got}{hint}; потрібна одна з: {choices}",
    "cfg.month": "невідомий місяць {got}{hint}; очікується один із: {choices}",
    "cfg.fire_chance_6": "fire_chance = 6 колись означало звичайні умови; напишіть натомість"
    ' fire_conditions = "normal" (fire_chance \u2014 це X з {rule.chance_die} за несприятливих'
    " умов, 1..4)",
    "cfg.fire_chance_5": "має бути 1..4: за несприятливих умов багаття розпалюють на «4 з"
    " {rule.chance_die} або менше» (docs/rules.md \u00a72), не 5 з {rule.chance_die}; щоб без"
    ' кидка, напишіть fire_conditions = "normal"',
    "cfg.weather_first": "weather ({weather}) \u2014 це погода ночі 1, тож вона має збігатися"
    " з першою в weather_by_night ({first}); не вказуйте weather",
    "cfg.night_too_long": "rules: preparation_minutes + evening_minutes + rest_hours дають ніч"
    " завдовжки {hours} год; ніч має вміщатися в 24 год",
    "cfg.sleep_in_too_long": "rules: із sleep_in {minutes} хв зустрічі дають ніч до"
    " {hours} год; ніч має вміщатися в 24 год",
    "cfg.warmth_longer": "rules.fire_warmth_hours ({warmth}) довше за rules.rest_hours ({rest})",
    "cfg.rota_too_many": "watch.rota: імен у списку {n}, і вони ділять {hours} год"
    " відпочинку на варти, коротші за хвилину; щонайбільше {most} (варта \u2014 щонайменше"
    " хвилина)",
    "cfg.shift_minute": "watch.shifts: {hours} год для {name} \u2014 не ціле число хвилин",
    "cfg.shift_short": "watch.shifts: {hours} год для {name} \u2014 коротше за хвилину;"
    " варта \u2014 щонайменше хвилина",
    "cfg.shifts_total": "watch.shifts разом дають {total} год, більше за відпочинок у {rest} год",
    "cfg.fire_chance": "має бути 1..4 (X у «X з {rule.chance_die} або менше»), отримано {got}",
    "cfg.clock": "має бути час доби ГГ:ХХ (24 години), отримано {got}",
    "cfg.not_both": "вкажіть {a} або {b}, не обидва",
    "cfg.needs_terrain": 'потрібна terrain (напр. "tangled forest") або encounter_chance (0..6)',
    "cfg.needs_season": "потрібна season (winter|spring|summer|autumn) або month (напр. Reedwryme)",
    "cfg.day_needs_month": "day потребує month (календарна дата першої ночі)",
    "cfg.day": "day {day}: у місяці {month} лише {days} днів",
    "cfg.hp": "hp {hp} більше за max_hp {max_hp}",
    "cfg.party_size": "учасників {n}, більше за {limit} (межа для загону)",
    "cfg.twice": "party: двох персонажів звуть {name}",
    "cfg.site": "evening.site: табір має облаштовувати щонайменше один персонаж",
    "cfg.one_job": "evening.{job}: {name} уже виконує {other}; персонаж виконує одну справу"
    " приготувань",
    "cfg.not_member": "{where}: {name} — не член загону{hint} (загін: {party})",
    "campaign.not_a_database": "{path}: це не файл кампанії (не база даних SQLite або пошкоджений)",
    "file.kind_report": "звіт JSON",
    "diff.not_odds": "{file}: це не збережений звіт `nightsim odds` (--format json, без"
    " --compare, --sweep, --grid чи --rank-rotas)",
    "diff.not_json": "{file}: це не JSON; збережений звіт — це `nightsim odds … --format json`",
    "diff.other_question": "{a} і {b} відповідають на різні питання ({what});"
    " --force порівнює показники, що є в обох",
    "diff.q.rest_hours": "відпочинок {a} і {b:#hour}",
    "diff.q.nights_per_journey": "мандрівки по {a} і {b:#night}",
    "diff.q.measures": "{count:#measure}, що є лише в одному з них",
    "diff.forced": "--force: звіти відповідають на різні питання ({what}); порівняно лише"
    " показники, що є в обох",
    "diff.not_compared.by_night_of_journey": "Шанси за ночами мандрівки не порівняно: `nightsim"
    " odds --compare` порівнює їх парами за тими самими мандрівками.",
    "diff.only_in": "Лише в {side}, тож не порівняно: {what}",
    "diff.title_same": "Два збережені звіти шансів одного прогону, B проти A",
    "diff.title": "Два збережені звіти шансів, B проти A (без пар: звіт зберігає шанси, а не ночі)",
    "diff.same_seed": "A і B мають спільне зерно {seed}: їхні ночі кидали ті самі кості, а"
    " інтервал без пар цього не враховує; `nightsim odds --compare` порівнює їх парами (вужчий"
    " інтервал).",
    "diff.side": "{side}: {file} (nightsim {release}, ночей: {nights}, зерно {seed},"
    " конфігурація {config}…)",
    "diff.same_nights": "A і B — той самий прогін (та сама конфігурація, зерно й ночі): кожна"
    " різниця 0.",
    "diff.d": "{d}\u00a0в.\u00a0п.",
    "diff.clear": "◆ статистично значуща різниця",
    "diff.note": "У кожному рядку: A, B і B \u2212 A (у в.\u00a0п.) з 95-відсотковим"
    " інтервалом Ньюкомба (з двох інтервалів Вілсона); ◆ там, де інтервал не містить 0. Різні"
    " ночі дають ширший інтервал, ніж парне порівняння --compare.",
    "sweep.unclosed": "{option} {item}: дужку чи лапки не закрито",
    "sweep.form": "{option} {item}: очікується КЛЮЧ=З1,З2,…, напр. rules.rest_hours=6,7,8",
    "sweep.two": "{option} {item}: потрібно два чи більше значень через кому",
    "sweep.most": "{option} {item}: щонайбільше {most} значень",
    "sweep.same": "{option} {item}: {a} і {b} — те саме значення",
    "sweep.twice": "{option} {item}: {value} дано двічі",
    "sweep.at": "{option} {item}: {problem}",
    "use.sweep_twice": "{option}: задано двічі; одне налаштування за раз (два налаштування:"
    " --grid)",
    "grid.two": "--grid: потрібно задати двічі, по одному на налаштування (рядки, потім"
    " стовпці); задано разів: {count}",
    "grid.same_key": "--grid: {setting} \u2014 обидва налаштування; сітка \u2014 це два різні"
    " налаштування",
    "grid.cells": "--grid: клітинок {cells}; щонайбільше {most} (значення одного налаштування"
    " на значення іншого)",
    "cpage.log_broken": "campaign page: {problem}; `nightsim campaign verify` перевіряє кожну ніч",
    "cpage.unverified": "campaign page: {problem}; нічого не записано (`nightsim campaign verify`)",
    "cdmg.table_missing": "таблиці {table} немає: файл змінено або пошкоджено",
    "cdmg.columns": "таблиця {table} має стовпці {got}, а не ті, що в nightsim ({want}): файл"
    " змінено",
    "cdmg.rows": "у таблиці {table} рядків: {count}, а має бути один: файл змінено",
    "cdmg.no_row": "у таблиці {table} немає рядка, а має бути один: файл змінено",
    "cdmg.row_missing": "{where} немає: файл змінено",
    "cdmg.wrong": "{where}: тут {kind}, а очікується {want}: файл змінено або пошкоджено",
    "cdmg.kind_bytes": "байти",
    "cdmg.kind_text": "текст",
    "cdmg.kind_number": "число",
    "cdmg.kind_empty": "порожньо",
    "cdmg.want_text": "текст",
    "cdmg.want_blob": "байти журналу (BLOB)",
    "cdmg.want_int": "ціле число",
    "cdmg.hex": "{where}: не {digits} шістнадцяткових цифр ({got}): файл змінено",
    "cdmg.range": "{where}: {value} поза межами: файл змінено або пошкоджено",
    "cdmg.not_json": "{where}: це не JSON ({got}): файл змінено або пошкоджено",
    "cdmg.json": "{where}: не той JSON, що записує nightsim: файл змінено",
    "cdmg.pending_config": "конфігурація наступної ночі (pending.state) недійсна ({problem}):"
    " файл змінено",
    "cdmg.of_adjustment": "поправка {number}, стовпець adjustments.{column}",
    "cdmg.of_publication": "оприлюднення {number}, стовпець publications.{column}",
    "cdmg.of_night": "ніч {night}, стовпець nights.{column}",
    "cdmg.not_all_text": "{where}: не все текст: файл змінено",
    "cdmg.party": "{where}: не той список, що записує nightsim: файл змінено",
    "cdmg.rested": "{where}: не список імен: файл змінено",
    "cdmg.campaign_row": "рядка кампанії",
    "cdmg.pending_row": "рядка pending",
    "cverify.in_night": "ніч {night}: {text}",
    "verdict.genuine_campaign": "СПРАВЖНЯ: {file}: кожна перевірена ніч \u2014 саме та, яку"
    " дають її зерно й конфігурація",
    "verdict.not_genuine_campaign": "НЕСПРАВЖНЯ: {file}",
    "cverify.night_head": "ніч {night} закінчується названим останнім гешем ланцюжка {head}",
    # verify's first line when a log and the dice disagree (narration/verdict.py)
    "verdict.differs": "{where}: журнал каже \u00ab{log}\u00bb, а кості \u2014 \u00ab{sim}\u00bb",
    "verdict.fields": "{text} (різниця в полях: {fields})",
    "verdict.header": "{where}: заголовок журналу не такий, як nightsim пише для"
    " його налаштувань (різниця в полях: {fields})",
    "verdict.counted": "{where}: {said}",
    "verdict.log_counts": "за журналом {names} серед тих, хто {group}; за кістками — ні",
    "verdict.dice_count": "за кістками {names} серед тих, хто {group}; за журналом — ні",
    "verdict.group.awake": "не спав",
    "verdict.group.surprised": "був захоплений зненацька",
    "verdict.group.dozed": "засинає на варті",
    "verdict.group.woken": "прокинувся",
    "verdict.group.slept_through": "проспав це",
    "verdict.group.actors": "брав участь",
    "verdict.group.eaters": "їв",
    "verdict.cut": "{where}: журнал тут закінчується, а кості ведуть далі: \u00ab{sim}\u00bb",
    "verdict.extra": "{where}: журнал іде далі, ніж ніч, яку дають кості: \u00ab{log}\u00bb",
    "word.quoted": "\u00ab{text}\u00bb",
    # `campaign show` and `campaign verify`: the ledger as a referee reads it
    "cshow.title": "кампанія{title} (ідентифікатор {id}): зіграно {nights:#night}",
    "cshow.party": "загін зараз: {party}",
    "cshow.member": "{name} {hp}/{max_hp} HP, виснаження {exhaustion}",
    "cshow.next": "наступна ніч: {date}; дрова з собою на {hours} год; інгредієнти: {ingredients}",
    "cshow.packed": "є",
    "cshow.no_ingredients": "немає",
    "cshow.next_camp": "табір наступної ночі: {camp}",
    "cshow.camp": "{where}(шанс зустрічі {chance} з {rule.chance_die}); {weather}; послідовність"
    " варт: {watch}",
    "cshow.weather": "{weather}",
    "cshow.firewood_modifier": "модифікатор дров {mod} (за рішенням ведучого)",
    "cshow.settings": "; задано: {items}",
    "cshow.next_seed": "геш зерна наступної ночі: sha256 {sha}",
    "cshow.head": "останній геш ланцюжка: {head}",
    "cshow.published": "опубліковано для ночі {night}: конфігурація sha256 {sha}",
    "cshow.nights": "ночі:",
    "cshow.night": "  {number}  {date}  {seed}  геш {head}  {met}; повноцінно відпочили: {rested}",
    "cshow.seed_referee": "зерно {seed} (ведучого)",
    "cshow.seed_committed": "зерно приховано",
    "cshow.no_encounter": "без зустрічі",
    "cshow.encounter": "зустріч",
    "cshow.encounter_with": "зустріч: {creature}",
    "cshow.voided": " (анульовано: {n}, не враховано)",
    "cshow.void": "АНУЛЬОВАНО {note}:",
    "cshow.void_item": "ніч {night} анульовано (стан загону як перед нею)",
    "cshow.adjustments": "поправки:",
    "cshow.adjustment": "  {number}  після ночі {after}: {items}",
    "cverify.all": "перевірено: кампанія{title}: {nights:#night}; останній геш ланцюжка: {head}",
    "cverify.one": "перевірено: кампанія{title}: ніч {night} і її зв'язок із сусідніми;"
    " останній геш ланцюжка: {head}",
    # verify's answer on stdout, and its refusals of a log that is not what was published
    "verify.verified": "перевірено: усі події збігаються ({events:#event}, {nights:#night})",
    "verify.seed_published": "геш зерна {seed} \u2014 sha256 {sha}, той самий, що оприлюднили"
    " (кості {dice}, nightsim {release})",
    "verify.seed_own": "геш зерна {seed}, записаного в журналі, \u2014 sha256 {sha} (кості"
    " {dice}, nightsim {release}): порівняйте його з тим, що оприлюднили до гри (--commitment)",
    "verify.config_agreed": "конфігурація та, про яку домовилися: відбиток sha256 {sha}",
    "verify.config_own": "відбиток конфігурації — sha256 {sha}: порівняйте його з тим, який"
    " команда `check` надрукувала до гри (--config-sha256)",
    "verify.head": "журнал закінчується очікуваним останнім гешем ланцюжка {head}",
    "verify.head_full": "журнал закінчується очікуваним останнім гешем ланцюжка {head} (повністю:"
    " {full})",
    "verify.seed_differs": "геш зерна журналу \u2014 sha256 {sha}, а не оприлюднений"
    " {given}: ніч зіграно з іншим зерном",
    "verify.config_differs": "конфігурація журналу має відбиток sha256 {sha}, а не узгоджений"
    " {given}: ніч зіграно з іншою конфігурацією (`nightsim check` друкує відбиток"
    " конфігурації)",
    "verify.seed_mismatch": "зерно {seed} не дає оприлюдненого гешу sha256 {sha}",
    "verify.first_differing": "рядок {line} ({type}): {what}",
    "verify.differs_in": "різниця в полях {fields}",
    "verify.not_in_log": "її немає в журналі",
    "verify.not_simulated": "її немає в повторній симуляції",
    "verify.none": "(немає)",
    "cverify.head": "кампанія закінчується названим останнім гешем ланцюжка {head}",
    "ccheck.label": "ночі {night} кампанії {file}",
    # `campaign publish`: the block to publish before a night (hashes on lines of their own)
    "cpub.title": "Оприлюдніть перед ніччю {night} кампанії{title}:",
    "cpub.commitment": "геш зерна цієї ночі (sha256):",
    "cpub.config": "відбиток конфігурації, з якою її зіграють (sha256; --set цієї ночі: {sets}):",
    "cpub.no_sets": "немає",
    "cpub.binding": "редакція правил {edition}; кості {rng}; nightsim {release}",
    "cpub.after": "Після гри гравець запускає, з останнім гешем ланцюжка, оголошеним за столом:",
    "cpub.head": "(ГЕШ: останній геш ланцюжка ночі, оголошений після гри)",
    "cpub.recorded": "публікацію {number} записано: ніч {night}",
    # the end of a logged night: its chain's last hash, to publish (`verify --head`)
    "chain.head": "Останній геш ланцюжка: {short}",
    "chain.full": "повністю: {hash}",
    "page.next_seed": "Геш зерна наступної ночі: sha256",
    # check
    "check.title": "Перевірка конфігурації {path}",
    "check.fingerprint": "Відбиток (SHA-256 розгорнутої конфігурації):",
    "check.fingerprint_use": "Оприлюдніть його до гри; `nightsim verify ЖУРНАЛ --config-sha256 ГЕШ`"
    " перевіряє, що журнал зіграно з цією конфігурацією.",
    "check.valid": "Конфігурація правильна.",
    "check.encounter_terrain": "Шанс зустрічі: {chance} з {rule.chance_die} ({terrain}).",
    "check.encounter_given": "Шанс зустрічі: {chance} з {rule.chance_die} (encounter_chance).",
    "check.season_month": "Пора року: {season} (за місяцем {month}).",
    "check.season_given": "Пора року: {season}.",
    "check.firewood": "Дрова: модифікатор {mod} на кожного збирача ({source});"
    " {gatherers:#gatherer}; дров із собою \u2014 на {carried:#hour_acc}.",
    "check.weather_by_night": "Погода ніч за ніччю: {weathers} (тут рядки першої ночі;"
    " ночі після кінця списку мають його останню погоду).",
    "check.fire": "Багаття: шанс розпалити {chance} з {rule.chance_die}; засіб для добування"
    " вогню: {starter}.",
    "check.rest": "Відпочинок {start}\u2013{end} ({hours:#hour}); багаття зараховується, якщо"
    " горить щонайменше {warmth:#hour_acc}.",
    "check.rota_title": "Послідовність варт",
    "check.col_shift": "#",
    "check.col_from": "Від",
    "check.col_to": "До",
    "check.col_watcher": "Вартовий",
    "check.col_doze": "Шанс заснути",
    "check.unwatched_row": "ніхто",
    "check.doze_off": "вимкнено",
    "check.party_title": "Загін",
    "check.col_sleep": "Макс. сон",
    "check.col_fire": "З багаттям",
    "check.col_no_fire": "Без багаття",
    "check.odds": "{difficulty} {percent}",
    "check.odds_note": "Складність нічного відпочинку й шанс на повноцінний нічний відпочинок,"
    " без урахування вечірньої страви й розваг.",
    "check.odds_star": "*: послідовність варт перериває сон цього персонажа, тож кожне"
    " закляття під загрозою.",
    "check.warnings_title": "Попередження",
    "check.no_warnings": "Попереджень немає.",
    "check.fire_normal": "Багаття: звичайні умови, розпалюється без кидка; засіб для"
    " добування вогню: {starter}.",
    "check.fire_dark": "Багаття: немає, загін свідомо ночує без вогню (light_fire = false).",
    "check.sleep_in": "Відсипання: після зустрічі відпочинок триває довше на {minutes} хв"
    " (до {end}).",
    "warn.no_watch": "Варти ніхто не несе: під час зустрічі всіх сплячих захоплено зненацька.",
    "warn.unwatched_end": "Варти тривають {watched:#hour_acc}, а відпочинок \u2014"
    " {hours:#hour_acc}: від {clock} ніхто не вартує.",
    "warn.short_sleep": "{actor} вартує {watch} і може спати лише {sleep}: менше ніж"
    " {rule.min_sleep_hours:#hour},"
    " повноцінного нічного відпочинку не буде.",
    "warn.caster_middle": "{actor} творить закляття ({spells}), але несе середню варту: через"
    " перерваний сон шанс невдачі кожного закляття 1 з {rule.spell_die}. Призначте {actor:@dat}"
    " першу або"
    " останню варту.",
    "warn.no_fire_starter": "Ні в кого немає засобу для добування вогню: цієї ночі без багаття.",
    "warn.no_wood": "Ніхто не збирає дров, а принесених немає: цієї ночі без багаття.",
    "warn.fire_chance_low": "Шанс розпалити багаття лише {chance} з {rule.chance_die}.",
    "warn.cook_no_fire": "{actor} має готувати, але багаття не буде.",
    "warn.cook_no_gear": "{actor} має готувати, але в таборі немає {what}.",
    "warn.cookware": "кухонного посуду",
    "warn.ingredients": "інгредієнтів",
    "warn.fire_never_warms": "Багаття ніколи не зігріє табір: дров за такої погоди щонайбільше"
    " на {most}, а горіти йому треба {need} (вечір, а тоді {warmth} відпочинку).{colder}",
    "warn.fire_rarely_warms": "Багаття зігріває табір лише в {chance} ночей: дров за такої"
    " погоди часто не вистачає на {need} (вечір, а тоді {warmth} відпочинку).{colder}",
    "warn.colder": " Без нього шанс повноцінного відпочинку: {who}.",
    "warn.colder_one": "{actor} \u2014 {cold} замість {warm}",
    "warn.never_rests": "{actor} ніколи не матиме повноцінного відпочинку: ніч стає спокійною"
    " лише завдяки теплу багаття, а воно ніколи не зігріває табір.",
    "warn.dozing_on": "Необов'язкове правило джерела про сон на варті типово увімкнене:"
    " вартовий може заснути на варті й залишити табір без нагляду. Напишіть"
    " rules.fall_asleep_on_watch = true, щоб погодитися на нього, або false, щоб грати без"
    " нього.",
    "warn.impossible": "{actor} не може повноцінно відпочити ({season}, спорядження: {bedding})"
    " \u2014 ні з багаттям, ні без нього.",
    "warn.no_table": "Немає таблиці зустрічей для «{table}»: оповідь скаже «визначте істоту за"
    " своєю таблицею».",
    "warn.six_hours": "Кожен вартовий може спати щонайбільше {rule.min_sleep_hours:#hour}, а це"
    " мінімум для"
    " повноцінного нічного відпочинку: будь-яка зустріч залишить вартових без нього.",
    # what if (`nightsim whatif`): the logged night and the changed one, side by side
    "whatif.title": "А якби\u2026 \u00b7 зерно {seed}",
    "whatif.verified": "Журнал перевірено ({nights:#night}): саме так його записав nightsim.",
    "whatif.change": "Зміна: {items}",
    "whatif.logged": "як у журналі",
    "whatif.changed": "зі зміною",
    "whatif.night": "Ніч {night} з {nights}",
    "whatif.parting_title": "Де ночі розходяться",
    "whatif.parting": "Ночі розходяться {о} {clock}.",
    "whatif.same": "Ці дві ночі нічим не відрізняються: за цього зерна зміна нічого не змінює.",
    "whatif.nothing": "нічого: ця ніч уже скінчилася",
    "whatif.encounter_title": "Зустріч",
    "whatif.no_encounter_either": "Жодної з двох ночей чудовисько не прийшло.",
    "whatif.no_monster": "чудовиська немає",
    "whatif.row.clock": "Час",
    "whatif.row.creature": "Істота",
    "whatif.row.watch": "На варті",
    "whatif.row.awake": "Хто не спить",
    "whatif.row.surprised": "Захоплено зненацька",
    "whatif.row.party_roll": "Кидок загону",
    "whatif.row.monster_roll": "Кидок чудовиськ",
    "whatif.roll_surprised": "{roll}: зненацька",
    "whatif.roll_not_surprised": "{roll}: не зненацька",
    "whatif.roll_nobody": "немає: кидати нікому, всі сплять",
    "whatif.surprised_awake": "{names} (не спали, але зненацька за кидком загону: {awake})",
    "whatif.row.distance": "Відстань",
    "whatif.watch_awake": "{actor}, не спить",
    "whatif.watch_asleep": "{actor}, спить",
    "whatif.watch_none": "ніхто не вартує",
    "whatif.dawn_title": "Кожен персонаж на світанку",
    "whatif.col.what": "",
    "whatif.m.full_rest": "Повноцінний відпочинок",
    "whatif.m.slept_minutes": "Сон",
    "whatif.m.hp": "HP",
    "whatif.m.exhaustion": "Виснаження",
    "whatif.m.surprised": "Захоплено зненацька",
    "whatif.m.spells": "Закляття",
    "whatif.spell_lost": "{spell} (втрачено)",
    "whatif.none": "\u2014",
    "whatif.marked": "*: не так, як у журналі.",
    "whatif.journey_title": "Мандрівка, ніч за ніччю",
    "whatif.col.differs": "Відмінність",
    "whatif.col.enc_logged": "Зустріч, журнал",
    "whatif.col.enc_changed": "Зустріч, зі зміною",
    "whatif.col.rests_logged": "Відпоч., журнал",
    "whatif.col.rests_changed": "Відпоч., зміна",
    "whatif.enc_cell": "{clock} \u00b7 зненацька: {count}",
    "whatif.journey_parts": "Мандрівки вперше розходяться в ніч {night} {о} {clock}; ночі, що"
    " відрізняються: {nights}.",
    "whatif.journey_same": "Ці дві мандрівки нічим не відрізняються: за цього зерна зміна"
    " нічого не змінює.",
    "whatif.journey_hint": "Одна ніч пліч-о-пліч: --night K (K від 1 до {nights}).",
    "whatif.ev.arrived": "Приходить {creature}, відстань {ft:#foot}.",
    "whatif.ev.arrived_unknown": "Приходить чудовисько, відстань {ft:#foot}.",
    "whatif.ev.hour": "Минає година {hour}; на варті: {watch}.",
    "whatif.ev.rest_full": "{actor}: сон {slept}, повноцінний відпочинок.",
    "whatif.ev.rest_not": "{actor}: сон {slept}, без повноцінного відпочинку.",
    "whatif.ev.woke": "{actor} прокидається: HP {hp}, виснаження {exhaustion}.",
    "whatif.ev.spell_prepared": "{actor} готує закляття {spell}.",
    "whatif.ev.spell_lost": "{actor} втрачає закляття {spell}.",
    "whatif.ev.summary": "Ніч завершується.",
    # odds --compare, --rank-rotas (docs/odds.md): парні різниці за ті самі ночі
    "fmt.thousands": "\u00a0",
    "paired.same_config": "B — та сама конфігурація, що й A (аргументи --compare нічого не"
    " змінюють): кожен показник однаковий щоночі.",
    "paired.title": "{changes}: B проти A за {nights} (зерно {seed})",
    "paired.journeys": "{nights}, у кожній мандрівці {per:#night}",
    "paired.col_measure": "",
    "paired.col_ab": "A \u2192 B",
    "paired.col_diff": "різниця",
    "paired.col_ci": "інтервал 95\u00a0%",
    "paired.col_unpaired": "без пар знадобилося б",
    "paired.points": "{value}\u00a0{points}",
    "paired.no_clear": "немає статистично значущої різниці за {nights}",
    "paired.identical": "однаково щоночі",
    "paired.unpaired": "(без пар)",
    "paired.ci": "інтервал 95\u00a0% від {low} до {high}",
    "paired.line_same": "{measure}: {a} \u2192 {b}, {diff}",
    "paired.line": "{measure}: {a} \u2192 {b}, {diff}, {ci}",
    "paired.same_width": "{nights}",
    "paired.saves": "Парами за ті самі ночі: для «{measure}» порівняння без пар (незалежні"
    " ночі) потребувало б {unpaired} кожної конфігурації для інтервалу такої ширини, як за"
    " {nights}.",
    "paired.note": "B \u2212 A за ті самі ночі (ніч i \u2014 це run --seed «S/i» для кожної"
    " конфігурації); різниця, інтервал 95\u00a0% якої містить 0, не є статистично значущою.",
    # Міри шансів (nightsim/measures.py), по одному запису: текст та сторінка odds, рядки
    # --compare, стовпці --rank-rotas ("\n": де вузький стовпець переносить слова).
    "measure.party.encounter": "приходить чудовисько",
    "measure.party.rota_broken": "послідовність варт порушено (вартовий заснув)",
    "measure.party.fire_lasts": "багаття горить увесь час відпочинку",
    "measure.party.nobody_awake": "приходить чудовисько, а всі сплять",
    "measure.party.nobody_awake_given_encounter": "серед ночей із зустріччю \u2014 усі сплять",
    "measure.character.surprised": "захоплено зненацька",
    "measure.character.full_rest": "повноцінний нічний відпочинок",
    "measure.character.exhausted": "виснаження",
    "measure.character.spell_lost": "закляття втрачено",
    "measure.rota.someone_awake_given_encounter": "хтось не спить, коли\nприходить чудовисько",
    "measure.rota.full_rest": "повноцінний\nнічний\nвідпочинок",
    "measure.rota.spells_kept": "закляття\nзбережено",
    "measure.rota.rota_broken": "послідовність варт порушено",
    "paired.character": "{name}: {measure}",
    "measure.comes.table_night_fire": "приходить чудовисько, таблиця ночі з багаттям",
    "measure.comes.table_night_no_fire": "приходить чудовисько, таблиця ночі без багаття",
    "measure.comes.creature": "приходить: {creature}",
    "odds.comes_title": "Хто приходить (шанс за ніч, інтервал 95 %)",
    "odds.comes_no_table": "У конфігурації немає таблиці зустрічей: кидайте за своєю.",
    "rank.title": "Послідовності варт за ті самі {nights}, кожна проти найкращої (зерно {seed})",
    "rank.title_k": "Вартових: {watchers}; найкращі {top}, усього послідовностей варт: {rotas}",
    "rank.title_configured": "Вартові з конфігурації: найкращі {top}, усього послідовностей"
    " варт: {rotas}",
    "rank.col_rota": "вартові по черзі",
    "rank.col_vs": "проти\nнайкращої",
    "rank.span": "від {low} до {high}",
    "rank.span_line": "від {low} до {high}\u00a0в.\u00a0п.",
    "rank.best": "найкраща",
    # in a ranking line, after a measure: the best rota itself
    "rank.best_line": "найкраща послідовність",
    "rank.tied": "нарівні",
    "rank.line": "#{rank} {rota}: хтось не спить {awake}, {awake_vs}; повноцінний нічний"
    " відпочинок {rest}, {rest_vs}; закляття збережено {spells}",
    "rank.ties": "Нарівні з найкращою за «хтось не спить» (разом із нею) {tied} з {rotas}"
    " послідовностей варт: для кожної з інших нарівні інтервал 95\u00a0% різниці з найкращою"
    " містить 0 за {nights}.",
    "rank.comes_differ": "Хто приходить, залежить від послідовності варт: це ночі найкращої.",
    "rank.tied_share": "У кожній із них: {what}.",
    "rank.share_place": "{name} на варті {watch}",
    "rank.share_watchers": "{names} серед вартових",
    "rank.share_none": "Жодне місце вартового не вирізняє ці послідовності варт з-поміж решти.",
    "rank.shift_hours": "У кожній послідовності варт \u2014 варти тривалістю {hours}\u00a0год,"
    " у цьому порядку.",
    "rank.within": "Лише послідовності варт, у яких {what}.",
    "rank.without": "не вартують {names}",
    "rank.one_rota": "Послідовність варт лише одна: порівнювати її нема з чим.",
    "rank.no_monster": "За {nights} не прийшло жодне чудовисько: за безпекою послідовності"
    " варт не розрізнити, тож їх упорядковано за повноцінним відпочинком.",
    "rank.none_tied": "Жодна послідовність варт не нарівні з найкращою за «хтось не спить» за"
    " {nights}.",
    "rank.note": "Упорядковано за тим, чи хтось не спить, коли приходить чудовисько, далі за"
    " повноцінним нічним відпочинком (ночей усіх персонажів), далі за збереженими закляттями;"
    " різниці парні, за ті самі ночі. --format json містить усі інтервали.",
    "rank.trade_title": "Безпека проти відпочинку: найкраща послідовність варт для кожної"
    " кількості вартових",
    "rank.col_watchers": "вартових",
    "rank.trade_line": "Вартових: {watchers} — {rota}; хтось не спить {awake}, повноцінний"
    " нічний відпочинок {rest}",
    "n.point": {
        "one": "в.\u00a0п.",
        "few": "в.\u00a0п.",
        "many": "в.\u00a0п.",
        "other": "в.\u00a0п.",
    },
    # злічувані іменники: форми множини за CLDR (Babel), "other" — для дробових чисел
    "n.batch": {
        "one": "пакет ночі",
        "few": "пакети ночей",
        "many": "пакетів ночей",
        "other": "пакета ночей",
    },
    "n.event": {"one": "подія", "few": "події", "many": "подій", "other": "події"},
    "n.other_event": {
        "one": "інша подія",
        "few": "інші події",
        "many": "інших подій",
        "other": "іншої події",
    },
    "n.member": {"one": "персонаж", "few": "персонажі", "many": "персонажів", "other": "персонажа"},
    "n.measure": {
        "one": "показник",
        "few": "показники",
        "many": "показників",
        "other": "показника",
    },
    "n.watcher": {
        "one": "вартовий",
        "few": "вартові",
        "many": "вартових",
        "other": "вартового",
    },
    "n.night": {"one": "ніч", "few": "ночі", "many": "ночей", "other": "ночі"},
    "n.hour": {"one": "година", "few": "години", "many": "годин", "other": "години"},
    "n.hour_acc": {"one": "годину", "few": "години", "many": "годин", "other": "години"},
    "n.minute": {"one": "хвилина", "few": "хвилини", "many": "хвилин", "other": "хвилини"},
    "n.minute_acc": {"one": "хвилину", "few": "хвилини", "many": "хвилин", "other": "хвилини"},
    "n.foot": {"one": "фут", "few": "фути", "many": "футів", "other": "фута"},
    "n.gatherer": {"one": "збирач", "few": "збирачі", "many": "збирачів", "other": "збирача"},
    # --- шанси будь-якою мовою (odds, його сторінка, сторінка --rank-rotas): з 0.4.0 ---
    # Числа (narration/figures.py) за CLDR uk: нерозривний пробіл перед «%» та між розрядами,
    # десяткова кома, тире між межами інтервалу.
    "fmt.percent": "{value}\u00a0%",
    "fmt.span": "{low}\u2013{high}\u00a0%",
    "fmt.with_span": "{p} ({low}\u2013{high})",
    "fmt.p_range": "{p} ({low}\u2013{high}\u00a0%)",
    # `nightsim odds` текстом (narration/odds.py)
    "odds.title": "Шанси за {nights}{journeys} (зерно {seed})",
    "odds.journeys": ", мандрівок: {journeys}, у кожній {per:#night}",
    "odds.col_chance": "шанс",
    "odds.col_interval": "інтервал 95\u00a0%",
    "odds.no_cases": "випадків немає",
    "odds.characters_title": "Для кожного персонажа (шанс, інтервал 95\u00a0%)",
    "odds.col_character": "персонаж",
    "odds.arrival_title": "Коли приходить чудовисько (година відпочинку)",
    "odds.col_hour": "година",
    "odds.col_nights": "ночі",
    "odds.col_share": "частка",
    "odds.distance_title": "На якій відстані чудовисько помічають уперше",
    "odds.col_feet": "фути",
    "odds.by_night_title": "Повноцінний нічний відпочинок за ночами мандрівки",
    "odds.col_night": "ніч",
    # сторінка `odds --format html` та `--rank-rotas --format html` (page/odds.py)
    "oddspage.summary": "Шанс зустрічі: {chance} з {rule.chance_die}; відпочинок триває"
    " {hours:#hour};"
    " кожен шанс — з інтервалом Вілсона 95\u00a0%.",
    "oddspage.party": "Загін",
    "oddspage.comes": "Хто приходить",
    "oddspage.col_vs": "{measure}: проти найкращої, у\u00a0в.\u00a0п. (95-відсотковий інтервал)",
    "oddspage.whisker_note": "Вуса — власний інтервал 95\u00a0% кожної послідовності варт, без"
    " пар: дві послідовності, чиї вуса перекриваються, усе ж можуть статистично значуще"
    " відрізнятися в парі за"
    " ті самі ночі. Парний висновок дають кольори й таблиця.",
    "oddspage.hist_axis_x": "час на годиннику, початок відпочинку ліворуч \u2192",
    "oddspage.hist_axis_y": "\u2191 зустрічі (ночі) за кожні 10 хвилин",
    "oddspage.by_night": "Повноцінний нічний відпочинок за ночами мандрівки",
    "oddspage.col_night": "ніч",
    "oddspage.col_chance": "шанс (інтервал 95\u00a0%)",
    "oddspage.characters": "Для кожного персонажа",
    "oddspage.col_character": "персонаж",
    "oddspage.arrivals": "Коли приходить чудовисько (по 10 хвилин)",
    "oddspage.arrivals_label": "Зустрічі за кожні 10 хвилин відпочинку",
    "oddspage.no_monster": "Жодної ночі чудовисько не прийшло.",
    "oddspage.tip": "{label}: {p} (інтервал 95\u00a0%: {low}\u2013{high}; {k} з {n})",
    "oddspage.tip_none": "{label}: випадків немає",
    "oddspage.bin_tip": "{start}\u2013{end}: {nights} ({share} усіх зустрічей)",
    "oddspage.rank_title": "Найбезпечніші послідовності варт: найкращі {top}, усього {rotas};"
    " кожна — за ті самі {nights} (зерно {seed})",
    "oddspage.rank_summary": "Упорядковано за шансом, що хтось не спить, коли приходить"
    " чудовисько, далі за повноцінним нічним відпочинком (ночей усіх персонажів), далі за"
    " збереженими закляттями (з усіх, які мали підготувати); кожна послідовність варт — за ті"
    " самі ночі.",
    "oddspage.scatter": "Безпека проти повноцінного нічного відпочинку",
    "oddspage.scatter_note": "Кожна точка — послідовність варт із її номером у рейтингу: вище —"
    " частіше хтось"
    " не спить, коли приходить чудовисько, правіше — частіше повноцінний нічний відпочинок;"
    " вуса — інтервали 95\u00a0%.",
    "oddspage.scatter_label": "Безпека кожної послідовності варт проти її повноцінного нічного"
    " відпочинку",
    "oddspage.axis_x": "повноцінний нічний відпочинок \u2192",
    "oddspage.axis_y": "\u2191 хтось не спить, коли приходить чудовисько",
    "oddspage.dot_tip": "#{rank} {rota}: хтось не спить, коли приходить чудовисько, {awake};"
    " повноцінний нічний відпочинок {rest}",
    "oddspage.rotas": "Послідовності варт, найкраща перша",
    "oddspage.col_rota": "послідовність варт (від першої)",
    "oddspage.tied_list": "Послідовностей варт, нарівні з найкращою за тим, чи хтось не спить,"
    " разом із нею: {count}; серед показаних тут \u2014 {ranks}.",
    "oddspage.legend_best": "найкраща",
    "oddspage.legend_tied": "нарівні з найкращою",
    "oddspage.legend_other": "статистично значуще гірша за найкращу",
    "oddspage.camp": "Табір: {where}, {season}, {weather}. Загін: {party}; варти: {rota}.",
    "oddspage.camp_party": "Табір: {where}, {season}, {weather}. Загін: {party}.",
    "oddspage.camp_hex": "власний шанс гексу",
    "oddspage.camp_wood": "власний модифікатор дров",
    "oddspage.footer": "Створено програмою nightsim зі звіту про шанси (sha256 конфігурації"
    " {sha}): ця сторінка не робить жодного мережевого запиту.",
    # редакція правил 2 (docs/rules.md §3.2, §5.4, §6.2): `check` каже, за чим грає
    "check.dozing_on": "Сон на варті: увімкнено, це необов'язкове правило джерела"
    " (rules.fall_asleep_on_watch); один кидок на варту.",
    "check.dozing_off": "Сон на варті: вимкнено (необов'язкове правило джерела,"
    " rules.fall_asleep_on_watch).",
    "check.quick_taken": "Спрощене правило: загін ним користується (спорядження відповідає"
    " погоді, умови звичайні): повноцінний нічний відпочинок без перевірки після"
    " {rule.min_sleep_hours} год сну.",
    "check.quick_adverse": "Спрощене правило: умови несприятливі, а воно діє лише за звичайних"
    " умов; повна процедура для всіх.",
    "check.quick_gear": "Спрощене правило: спорядження не відповідає погоді (кожному потрібен"
    " спальний згорток або намет, а в сильний дощ, сніг чи взимку ще й намет); повна процедура"
    " для всіх.",
    "check.quick_spoiled_cold": "Та якщо багаття не зігріє ночі, за таблицею відпочинку вона"
    " неможлива (для: {names}); така ніч несприятлива, тож повна процедура для всіх.",
    "check.quick_impossible": "Спрощене правило: за таблицею відпочинку ніч без багаття"
    " неможлива (для: {names}); така ніч несприятлива, тож повна процедура для всіх.",
    "warn.caster_woken": "{actor} творить закляття ({spells}), але встає на варту після сну:"
    " через сон, перерваний вартою, шанс невдачі кожного закляття 1 з {rule.spell_die}. Призначте"
    " {actor:@dat} першу варту або жодної.",
    "check.names_warned": "Імена, схожі між собою або з літерами різних абеток: див."
    " попередження після цієї панелі.",
    # odds --sweep (narration/sweep.py, page/sweep.py)
    "sweep.title": "{setting}: {values} за ті самі {nights}, кожне проти «{first}» (зерно {seed})",
    "sweep.line": "{measure} \u00b7 {value}: {p}",
    "sweep.note": "Кожне значення проти «{first}» за ті самі ночі (ніч i \u2014 це run --seed"
    " «S/i» для кожного); різниця, інтервал 95\u00a0% якої містить 0, не є статистично значущою.",
    "comparepage.a": "A: {config}",
    "comparepage.b": "B: зі зміною {changes}",
    "comparepage.default": "вбудована типова конфігурація",
    "comparepage.charts": "Кожен показник в A і в B",
    "comparepage.chart_note": "Кожна точка — шанс в A чи в B із 95-відсотковим інтервалом;"
    " точку B зафарбовано, де вона статистично значуще відрізняється від A.",
    "sweeppage.charts": "Кожен показник залежно від налаштування",
    "sweeppage.chart_note": "Кожна точка \u2014 шанс за цього значення з інтервалом"
    " 95\u00a0%; зафарбована точка статистично значуще відрізняється від першого значення,"
    " порожня \u2014 ні.",
    "sweeppage.table": "Числа",
    "sweeppage.tip": "{measure}, {value}: {p} (інтервал 95\u00a0%: {low}\u2013{high})",
    "sweeppage.tip_vs": "{tip}; проти {first}: {diff}",
    # odds --grid (narration/grid.py, page/grid.py)
    "grid.title": "{rows}: {row_values} (рядки) \u00d7 {columns}: {column_values} (стовпці)"
    " за ті самі {nights}, кожна клітинка проти {first} (зерно {seed})",
    "grid.line": "{measure} \u00b7 {row}, {column}: {p}",
    "grid.note": "Кожна клітинка проти першої ({first}) за ті самі ночі (ніч i \u2014 це run"
    " --seed «S/i» для кожної); різниця, інтервал 95\u00a0% якої містить 0, не є статистично"
    " значущою.",
    "grid.marks": "{up} чи {down}: статистично значуще вище чи нижче за першу клітинку ({first})"
    " за ті самі"
    " ночі; різниця, інтервал 95\u00a0% якої містить 0, не є статистично значущою (--format json"
    " має кожен"
    " інтервал).",
    "gridpage.maps": "Кожен показник за двома налаштуваннями",
    "gridpage.note": "Кожна клітинка показує свій шанс; що темніша клітинка, то ймовірніше, в"
    " межах її показника. {up} чи {down} у суцільній рамці: статистично значуще вище чи нижче"
    " за першу клітинку"
    " ({first}) за ті самі ночі; перша клітинка \u2014 у штриховій рамці.",
    "gridpage.words": "Кожна клітинка словами",
    "gridpage.flat": "Усі клітинки однакові: {p} (один відтінок)",
    "gridpage.scale": "Відтінки від {low} (найсвітліший) до {high} (найтемніший)",
    "gridpage.tip": "{cell}: {p} (інтервал 95\u00a0%: {low}\u2013{high})",
    "gridpage.tip_first": "{tip}; перша клітинка",
    "gridpage.tip_vs": "{tip}; проти першої клітинки: {diff}",
    # що створило звіт (кожен текст, сторінка й CSV шансів)
    "report.produced_by": "Створено nightsim {version} із {config} (sha256 конфігурації"
    " {sha}){sets}; зерно {seed}, {nights}, кості {rng}, редакція правил {edition}.",
    "report.default_config": "вбудованої типової конфігурації",
    "report.sets": " з --set {items}",
    # the server's referee console (nightsim/serve: camp form, verify, whatif, odds, campaign)
    "console.camp_title": "Табір {name}",
    "console.camp_new": "Новий табір",
    "console.camp_doc": "Кожен ключ TOML-файлу табору (docs/config.md). Порожнє поле не"
    " потрапляє у файл: діє типове значення ключа, показане сірим.",
    "console.default": "типово: {value}",
    "console.range": "від {low} до {high}",
    "console.not_given": "(не задано)",
    "console.lines_hint": "по одному в рядку",
    "console.row": "{table} {number}",
    "console.add_row": "Додати до {table}",
    "console.remove_row": "вилучити",
    "console.check": "Перевірити",
    "console.save": "Зберегти",
    "console.file_name": "Назва файлу в теці",
    "console.replace": "Замінити файл, якщо він уже є",
    "console.saved": "Збережено як {name}.",
    "console.exists": "{name} уже є: позначте «Замінити файл», щоб записати поверх нього.",
    "console.bad_name": "{name}: назва файлу в теці — це літери, цифри, пробіли та - _ ."
    " (щонайбільше 64), без крапки на початку й без «..»",
    "console.not_in_folder": "{name}: це не файл у теці, яку обслуговує сервер",
    "console.not_found": "{name}: такого файлу в теці немає",
    "console.invalid": "Конфігурація недійсна:",
    "console.unreadable": "{name} — недійсна конфігурація; у формі те, що вдалося прочитати:"
    " {error}",
    "console.refused": "Відхилено: {reason}",
    "console.verify_title": "Перевірити журнал",
    "console.verify_doc": "Завантажте журнал або виберіть ніч кампанії; оприлюднені значення"
    " необов'язкові (docs/disputes.md).",
    "console.verify_upload": "Файл журналу (JSON Lines, щонайбільше {most})",
    "console.verify_campaign": "або ніч кампанії",
    "console.night": "Ніч",
    "console.head": "Останній геш ланцюжка, який зачитали за столом (--head)",
    "console.commitment": "Геш зерна, оприлюднений до гри (--commitment)",
    "console.config_sha": "Відбиток конфігурації, оприлюднений до гри (--config-sha256)",
    "console.verify_button": "Перевірити",
    "console.verdict_ok": "Перевірено: цей журнал — саме та ніч, якою він себе називає.",
    "console.verdict_failed": "НЕСПРАВЖНІЙ: цей журнал — не та ніч, якою він себе називає.",
    "console.verdict_elsewhere": "Тут не переграно: його ланцюжок цілий.",
    "console.verdict_broken": "НЕСПРАВЖНІЙ: журнал пошкоджено: {reason}",
    "console.no_log": "вкажіть файл журналу або ніч кампанії",
    "console.too_big": "завантажений файл більший за {most}",
    "console.bad_sha": "{field}: потрібні 64 шістнадцяткові цифри гешу SHA-256 (пробіли й"
    " дефіси не враховуються)",
    "console.bad_head": "{field}: {reason}",
    "console.bad_night": "{field}: очікується ніч кампанії, від 1 до {most}",
    "console.no_nights": "у {name} ще не зіграно жодної ночі",
    "console.whatif_title": "А якби\u2026",
    "console.whatif_doc": "Записана ніч поруч із тією самою ніччю, у якій щось змінено"
    " (docs/disputes.md, «What if»).",
    "console.whatif_sets": "Зміни, по одній КЛЮЧ=ЗНАЧЕННЯ у рядку (як --set)",
    "console.whatif_button": "Розповісти обидві ночі",
    "console.whatif_needs_set": "вкажіть зміну: принаймні одну КЛЮЧ=ЗНАЧЕННЯ",
    "console.odds_title": "Шанси",
    "console.odds_doc": "Шанси табору за багато ночей, обчислені у фоні (щонайбільше"
    " {nights} ночей на завдання, {jobs} завдань водночас; docs/limits.md).",
    "console.odds_camp": "Табір",
    "console.odds_kind": "Що",
    "console.kind_odds": "шанси",
    "console.kind_compare": "порівняти зі зміною",
    "console.kind_sweep": "перебрати одне налаштування",
    "console.kind_grid": "два налаштування разом",
    "console.kind_rank": "упорядкувати послідовності варт",
    "console.odds_nights": "Ночей",
    "console.odds_seed": "Зерно (порожнє — нове)",
    "console.odds_sets": "Порівняння: зміни, по одній КЛЮЧ=ЗНАЧЕННЯ у рядку",
    "console.odds_sweep": "Перебір: КЛЮЧ=З1,З2,\u2026",
    "console.odds_grid": "Два налаштування разом: значення перебору \u2014 рядки, ці \u2014"
    " стовпці, КЛЮЧ=З1,З2,\u2026",
    "console.odds_rank": "Упорядкування послідовностей варт: звузити (за бажання)",
    "console.odds_pin": "Лише з ІМ'ЯМ на варті НОМЕР, по одному ІМ'Я=НОМЕР у рядку",
    "console.odds_exclude": "Лише без цих імен, по одному в рядку",
    "console.odds_shifts": "Варти такої тривалості, у годинах, через кому",
    "console.odds_grid_needs_items": "два налаштування разом: дайте рядки в полі перебору, а"
    " стовпці \u2014 у полі сітки, кожне КЛЮЧ=З1,З2,\u2026",
    "console.odds_start": "Почати",
    "console.job_title": "{kind}: {camp}",
    "console.job_progress": "{done} з {total} ночей ({percent}\u00a0%)",
    "console.job_cancel": "Скасувати",
    "console.job_cancelled": "Скасовано.",
    "console.job_failed": "Не вдалося: {reason}",
    "console.job_internal": "Не вдалося: помилка на сервері (його журнал у stderr каже, яка).",
    "console.job_report": "Звіт",
    "console.job_unknown": "такого завдання немає (зберігаються {most} найновіших завершених)",
    "console.job_busy": "уже виконуються {most} завдання: дочекайтеся, поки одне скінчиться,"
    " або скасуйте якесь",
    "console.odds_bad_kind": "kind: {got} — не одне з {kinds}",
    "console.odds_bad_nights": "nights: потрібно від 1 до {most}, отримано {got}",
    "console.odds_bad_seed": "seed: {seed}\u2026 — не зерно (число щонайбільше з {digits} цифр"
    " або фраза в один рядок, щонайбільше 200 символів)",
    "console.odds_too_many": "усього {total} ночей — більше за {most} на одне завдання:"
    " менше ночей, значень чи вартових",
    "console.odds_compare_needs_set": "порівняння: вкажіть зміну, принаймні одну КЛЮЧ=ЗНАЧЕННЯ",
    "console.odds_sweep_needs_item": "перебір: вкажіть налаштування та його значення,"
    " KEY=V1,V2,\u2026",
    "console.campaign": "Кампанія",
    "console.campaign_new": "Нова кампанія",
    "console.campaign_from": "З табору",
    "console.campaign_name": "Назва файлу кампанії",
    "console.campaign_create": "Створити",
    "console.campaign_created": "Створено {name}; геш зерна першої ночі: sha256 {sha}",
    "console.adjust_title": "Між ночами: {name}",
    "console.adjust_doc": "Рани й лікування, новий член загону чи той, хто йде, припаси,"
    " дата, обов'язки й варта (docs/campaign.md, «campaign adjust»).",
    "console.adjust_member": "Член загону",
    "console.adjust_field": "Поле",
    "console.adjust_value": "Значення",
    "console.adjust_key": "або будь-який ключ (camp.ingredients, watch.rota, \u2026)",
    "console.adjust_leave": "Покидає загін",
    "console.adjust_join": "Новий член загону (усі поля, потрібні членові загону)",
    "console.adjust_note": "Примітка (чому)",
    "console.adjust_record": "Записати",
    "console.adjust_recorded": "Поправку {number} записано після ночі {after}: sha256 {sha}",
    "console.adjust_empty": "поправка потребує принаймні однієї зміни",
    "console.adjust_later": "Оприлюднення й анулювання: не в цьому випуску пульта.",
    "console.show": "Огляд",
    "console.page": "Сторінка кампанії",
    "console.busy": "{name} зайнятий: саме записується інша ніч чи зміна; спробуйте ще раз",
    "console.key.camp": "Де й коли загін стає табором, погода, багаття й припаси на вечір",
    "console.key.camp.terrain": "місцевість, від якої залежить шанс мандрівних чудовиськ (або"
    " задайте encounter_chance)",
    "console.key.camp.encounter_chance": "X у шансі X-із-{rule.chance_die} на мандрівних"
    " чудовиськ, замість"
    " місцевості",
    "console.key.camp.season": "пора року (або задайте місяць)",
    "console.key.camp.month": "місяць першої ночі, від якого залежить пора року",
    "console.key.camp.day": "день місяця першої ночі (потрібен місяць)",
    "console.key.camp.weather": "погода: вона змінює кидок на дрова кожного збирача",
    "console.key.camp.weather_by_night": "погода мандрівки, по одній на ніч (після кінця списку"
    " лишається остання), замість однієї погоди",
    "console.key.camp.firewood_modifier": "модифікатор кидка на дрова замість погодного",
    "console.key.camp.light_fire": "чи розпалює загін багаття",
    "console.key.camp.fire_conditions": "auto: несприятливі в сніг чи зливу; або вкажіть normal чи"
    " adverse",
    "console.key.camp.fire_chance": "X-із-{rule.chance_die} на розпалювання багаття за"
    " несприятливих умов, від 1"
    " до 4",
    "console.key.camp.fire_starter": "засіб для добування вогню: кресало чи магія",
    "console.key.camp.carried_firewood_hours": "на скільки годин багаття вистачить дров, які"
    " загін несе з"
    " собою",
    "console.key.camp.cookware": "у загону є казанок і начиння",
    "console.key.camp.ingredients": "у загону є продукти на страву",
    "console.key.camp.camp_at": "коли стають табором, ГГ:ХХ",
    "console.key.rules": "Час відпочинку й можливості правил",
    "console.key.rules.rest_hours": "скільки годин триває відпочинок",
    "console.key.rules.fall_asleep_on_watch": "вартовий може заснути на варті"
    " (необов'язкове правило"
    " джерела)",
    "console.key.rules.quick_rest": "спрощене правило відпочинку (див. docs/rules.md §5.4)",
    "console.key.rules.sleep_in": "після зустрічі відпочинок подовжується (домашнє правило)",
    "console.key.rules.encounter_minutes": "скільки хвилин зустріч не дає табору спати",
    "console.key.rules.fire_warmth_hours": "скільки годин має горіти багаття, щоб його тепло"
    " зараховувалося",
    "console.key.rules.preparation_minutes": "скільки хвилин облаштовують місце",
    "console.key.rules.evening_minutes": "скільки хвилин тривають вечірні справи",
    "console.key.party": "Загін, по одному членові в рядку",
    "console.key.party.name": "ім'я персонажа",
    "console.key.party.con": "Статура, від {rule.ability_min} до {rule.ability_max}",
    "console.key.party.wis": "Мудрість, від {rule.ability_min} до {rule.ability_max}",
    "console.key.party.cha": "Харизма, від {rule.ability_min} до {rule.ability_max}",
    "console.key.party.hp": "хіт-пойнти (HP) зараз",
    "console.key.party.max_hp": "макс. HP",
    "console.key.party.save_doom": "ціль рятувального кидка проти Загибелі",
    "console.key.party.bedroll": "має спальний згорток",
    "console.key.party.tent": "має намет",
    "console.key.party.exhaustion": "рівень виснаження",
    "console.key.party.spells": "закляття, які треба підготувати",
    "console.key.party.pronouns": "для розповіді: he, she чи they",
    "console.key.party.forms": "Форми імені у відмінках, потрібних українській розповіді",
    "console.key.party.forms.gen": "родовий",
    "console.key.party.forms.dat": "давальний",
    "console.key.party.forms.acc": "знахідний",
    "console.key.party.forms.ins": "орудний",
    "console.key.party.forms.loc": "місцевий",
    "console.key.party.forms.voc": "кличний",
    "console.key.evening": "Хто що робить увечері; кожне ім'я — члена загону",
    "console.key.evening.site": "хто облаштовує місце (принаймні один)",
    "console.key.evening.firewood": "хто збирає дрова",
    "console.key.evening.water": "хто носить воду",
    "console.key.evening.cook": "хто куховарить",
    "console.key.evening.entertain": "хто розважає",
    "console.key.evening.eaters": "хто їсть страву (порожньо — усі)",
    "console.key.watch": "Варта: черга (відпочинок ділиться порівну) або зміни з годинами, не"
    " обидва",
    "console.key.watch.rota": "вартові по черзі",
    "console.key.watch.shifts": "зміни, кожна — вартовий і години",
    "console.key.watch.shifts.name": "вартовий",
    "console.key.watch.shifts.hours": "тривалість зміни в годинах",
    "console.key.encounters": "Таблиці зустрічей",
    "console.key.encounters.night_fire": "хто приходить до багаття",
    "console.key.encounters.night_no_fire": "хто приходить, коли багаття немає",
    "console.key.encounters.night_fire.creature": "істота",
    "console.key.encounters.night_fire.weight": "її вага в таблиці",
    "console.key.encounters.night_no_fire.creature": "істота",
    "console.key.encounters.night_no_fire.weight": "її вага в таблиці",
    # --- рядки стану на stderr (--lang кожної команди) ---
    "status.init_wrote": "записано {path}; далі: nightsim check {path}",
    "status.share_done": "копія для гравців: {out} ({nights:#night}; без зерна ночі {next}):"
    " дайте її гравцям для `campaign verify`",
    "status.void_done": "ніч {night} анульовано (поправка {number}): загін такий, як був до"
    " неї; sha256 {sha}",
    "status.new_done": "кампанію {file} створено: у загоні {party:#member}",
    "status.night1_committed": "геш зерна ночі 1 записано: sha256:\n{sha}",
    "status.referee_seed": "ніч {night}: зерно вибрав ведучий",
    "status.referee_seed_was": "ніч {night}: зерно вибрав ведучий: {seed}",
    "status.night_head": "ніч {night}: останній геш ланцюжка:\n{head}",
    "status.night_fingerprint": "ніч {night}: зіграна з конфігурацією з відбитком sha256:",
    "status.next_committed": "геш зерна наступної ночі записано: sha256:\n{sha}",
    "status.adjusted": "поправку {number} записано після ночі {night}: sha256 {sha}",
    "status.log_written": "журнал ночі {night}: {out}; останній геш: {head}",
    "status.referee_seed_uncommitted": "ніч {night}: зерно вибрав ведучий (--seed), його геш"
    " не було оголошено заздалегідь",
    "status.campaign_page": "сторінка кампанії: {out}",
    "status.night_missing": "nightsim: попередження: бракує ночі {night} — виконайте `nightsim"
    " campaign verify`",
    "status.unwatched": "nightsim: попередження: послідовність варт покриває {covered} з {hours}"
    " год відпочинку; від {at} ніхто не вартує",
    "status.guessable": "nightsim: попередження: зерно коротше за {chars} символів можна знайти"
    " з його гешу, перебравши всі зерна: для ночі, яку перевірятимуть гравці, дайте довше або"
    " жодного (нове зерно — 63 випадкові біти)",
    "status.seed_hidden": "приховане, геш sha256 {sha} (для гравців зерно не показують)",
    "status.seed_not_kept": "приховане, геш sha256 {sha} (зерно не збережено: --no-log)",
    "status.rerun_players": "та, чий геш зерна {said}",
    "status.again": "  (щоб розповісти цю ніч знову: {rerun})",
    "status.again_journey": "  (щоб розповісти цю мандрівку знову: {rerun})",
    "status.seed": "зерно: {said}",
    "verify.side_log": "журнал",
    "verify.side_sim": "моделювання",
    "status.log": "журнал: {path}",
    "status.no_log": "(без журналу)",
    "status.head": "останній геш: {head}",
    "status.where_log": "журнал повний: {path}",
    "status.where_no_log": "без журналу (--no-log)",
    "status.stdout_closed": "nightsim: читач закрив stdout; {where}; останній геш: {head}",
    "progress.nights": "ночі",
    "progress.a_b": "ночі, A і B",
    "progress.values": "ночі \u00d7 значень: {count}",
    "progress.cells": "ночі \u00d7 клітинок: {count}",
    "progress.rotas": "послідовностей варт: {count}",
    "progress.whatif": "ночі, як у журналі і зі зміною",
    "stop.line": "nightsim: {what}: зупинено",
    "stop.int": "перервано (SIGINT)",
    "stop.term": "завершено (SIGTERM)",
    "stop.hup": "зв'язок обірвано (SIGHUP)",
    "stop.other": "зупинено",
    "stop.kept_log": "журнал цілий: {path}; останній геш ланцюжка: {head}",
    "stop.kept_night": "ніч {night} є в кампанії {where}; останній геш ланцюжка: {head}",
    "status.stopped": "nightsim: перервано, не дійшовши до кінця ночі: журнал не записано; цю ніч"
    " дає {rerun}",
    "status.odds_seed": "зерно: {seed}  (повторити: {flags})",
    "status.rank_nights": "{rotas} послідовностей варт: по {nights:,} ночей кожна (змініть"
    " через --nights)",
    # --- вади журналу, які знаходить читач (nightsim/log/reader.py) ---
    # вади журналу, через які його не прочитати (nightsim/log/reader.py)
    # відхилене оприлюднене значення (`verify --head/--commitment/--config-sha256`)
    # Refusals of a command line's options (nightsim/cli): one line, exit 2.
    "use.range": "{option}: має бути від {low} до {high}, отримано {got}",
    "use.no_night": "{path}: ночі {night} немає (у кампанії зіграно ночей: {last})",
    "use.watchers_party": "--watchers: має бути 1..{high} (загін), отримано {got}",
    "use.no_watchers": "у конфігурації немає вартових, щоб їх упорядкувати; дайте --watchers K",
    "use.too_many_rotas": "послідовностей варт: {count}, а межа {limit}; дайте --watchers із меншим"
    " числом вартових",
    "use.scheduler_address": "--scheduler {address}: потрібна адреса планувальника Dask,"
    " tcp://HOST:PORT",
    "use.scheduler_extra": "--scheduler потребує розподіленого планувальника Dask, необов'язкового"
    " доповнення: {extra}",
    "use.at_least": "{option}: має бути щонайменше {low}, отримано {got}",
    "use.seconds": "{option}: має бути {low}..{high} с, отримано {got}",
    "use.seed_long": "--seed: цифр у числі: {digits}, а межа {limit}; дайте коротше число або"
    " фразу",
    "use.seed_empty": "--seed: зерно порожнє; дайте число або фразу",
    "use.seed_control": "--seed: {text} містить розрив рядка чи інший керівний символ; дайте число"
    " або фразу",
    "use.rank_only": "--watchers, --top, --shifts, --pin і --exclude — лише разом із --rank-rotas",
    "use.pin_form": "--pin: очікується NAME=WATCH (номер варти від 1), отримано {got}",
    "use.pin_twice": "--pin {got}: це ім'я чи ця варта вже закріплені; закріплюйте кожне раз",
    "use.exclude_twice": "--exclude {name}: уже закріплено чи виключено; називайте кожне раз",
    "use.not_a_watcher": "{option} {name}: не серед вартових, яких упорядковують{hint} ({names})",
    "use.pin_watch": "--pin {name}={watch}: номер варти має бути 1..{k}",
    "use.no_rota_left": "жодна послідовність варт не задовольняє всі --pin і --exclude;"
    " послабте їх",
    "use.shifts_form": "--shifts {got}: потрібні години понад 0 (щонайбільше 16) через кому,"
    " напр. 3,2.5,2.5",
    "use.shifts_one_k": "--shifts {shifts}: лише одна кількість вартових за раз (--watchers K,"
    " де K \u2014 кількість тривалостей)",
    "use.shifts_k": "--shifts дає варт: {count}, а --watchers {k}: дайте стільки тривалостей,"
    " скільки вартових",
    "use.shifts_party": "--shifts дає варт: {count}, а в загоні лише {party}: дайте щонайбільше"
    " {party} тривалостей",
    "use.shifts_watchers": "--shifts дає варт: {count}, а налаштованих варт лише {watchers};"
    " дайте --watchers {count}, щоб вибирати з усього загону",
    "use.shifts_minute": "--shifts {shifts}: {hours}\u00a0год варти {watch} \u2014 не ціла"
    " кількість хвилин (напр. 2.5 чи 2.25)",
    "use.shifts_short": "--shifts {shifts}: {hours}\u00a0год варти {watch} \u2014 коротше за"
    " хвилину",
    "use.shifts_total": "--shifts {shifts}: довжини разом дають {total}\u00a0год, більше за"
    " відпочинок у {rest}\u00a0год",
    "use.shifts_bad": "--shifts {shifts}: {problem}",
    "use.pace_value": "потрібні секунди на годину відпочинку, більше 0 і щонайбільше {most},"
    " отримано {got}",
    "use.title_text": "очікується друкований текст від 1 до 200 символів, отримано {got}",
    "use.sha256_form": "потрібні 64 шістнадцяткові цифри гешу SHA-256 (пробіли й дефіси не"
    " враховуються)",
    "use.edition_form": "потрібна редакція правил, ціле число від 1",
    "use.one_question": "{options}: {count} питання одразу; ставте по одному",
    "use.html_one_ranking": "--format html показує одне впорядкування; для кількох --watchers —"
    " text, json чи csv",
    "use.compare_twice": "--compare {item}: {name} уже задано через --compare {other}; кожен ключ —"
    " лише раз",
    "use.watchers_form": "--watchers: очікується K або K,K,... (числа), отримано {got}",
    "use.rank_too_many": "послідовностей варт: {rotas}, ночей на кожну: {nights} — разом понад межу"
    " {limit}; дайте --nights {fit} чи менше або --watchers",
    "use.pipe_too_big": "{path}: канал понад {mib} МіБ (межа для відтворення з каналу); відтворіть"
    " журнал із файлу",
    "use.pace_page": "--pace передає потоком text, jsonl чи cloudevents; сторінку записують цілою",
    "use.dangling": "зависле символьне посилання",
    "use.something": "щось",
    "use.page_exists": "{path}: під цією назвою вже є {what}; сторінку ніколи не записують поверх"
    " іншого файлу",
    "use.no_page_folder": "{path}: такої теки для сторінки немає",
    "use.page_read_only": "{path}: не вдалося записати сторінку: файлова система лише для читання",
    "use.page_denied": "{path}: не вдалося записати сторінку: немає дозволу",
    "use.sink_spaces": "--sink: потрібна адреса http:// чи https:// без пробілів і керівних"
    " символів",
    "use.sink_port": "--sink: у {got} недійсний порт; потрібна адреса http:// чи https://",
    "use.sink_url": "--sink: потрібна адреса http:// чи https://, отримано {got}",
    "use.publish_values": "--commitment, --config-sha256, --edition, --rng і --release —"
    " оприлюднені значення однієї ночі: вкажіть ніч через --night N",
    "use.no_camp": "init --from: готового табору {camp} немає; готові табори: {camps} (nightsim"
    " init --list)",
    "use.list_alone": "init --list нічого не записує: не давайте йому ні --from, ні PATH",
    "use.copy_exists": "{path} уже існує: копія кампанії ніколи не перезаписує файл",
    "use.copy_cannot": "{path}: не вдалося записати копію: {why}",
    "use.campaign_nights": "--nights: має бути 1..{high} (межа: одна транзакція тримає кампанію"
    " весь час; більше грайте кількома командами), отримано {got}",
    "use.html_one_night": "--format html і --html: по одній ночі (--nights 1)",
    "use.night_one": "у журналі 1 ніч: K дорівнює 1",
    "use.night_of": "K від 1 до {nights}",
    "use.night_range": "--night {night}: поза межами ({of})",
    "use.whatif_change": "whatif: задайте зміну: щонайменше один --set КЛЮЧ=ЗНАЧЕННЯ",
    "use.jobs_nights": "--jobs: лише разом із --nights N (парні шанси зміни)",
    "use.night_or_nights": "--night K розповідає одну ніч журналу; --nights N дає шанси: оберіть"
    " одне",
    "use.odds_not_html": "--nights: парні шанси бувають лише text чи json, не html",
    "use.odds_referee": "--view players: парні шанси (--nights) — для ведучого; гравцям розкажіть"
    " ніч поруч (без --nights)",
    "use.log_folder": "{folder}: не вдалося створити теку журналів: {why}",
    "use.too_many_logs": "{folder}: забагато журналів із назвою {stem}*",
    "use.html_is_log": "--html {path}: той самий файл, що й --log",
    "use.listen": "--host {host} --port {port}: тут слухати не вдалося ({why})",
    "use.not_folder": "{path}: це не тека",
    "refuse.option": "{option} {text}: {why}",
    "refuse.head": "потрібно щонайменше {short} з {full} шістнадцяткових цифр останнього гешу"
    " ланцюжка, як їх показує `run` (пропуски й дефіси не враховуються, напр. 5743-776d-9e2f)",
    "refuse.sha256": "потрібно 64 шістнадцяткові цифри гешу SHA-256 (пропуски й дефіси не"
    " враховуються)",
    # a log this nightsim does not re-simulate, its chain intact (nightsim/log/verify.py)
    "elsewhere.line": "{why}. Ланцюжок журналу цілий; відтворіть ніч за допомогою {which}:"
    " {command}",
    "elsewhere.later": "пізнішого випуску",
    "elsewhere.release": "nightsim {release}",
    "elsewhere.older": "журнал формату {version}, записаний nightsim {by}",
    "elsewhere.older_line": "журнал формату {version}, записаний nightsim {by}: його ланцюжок"
    " цілий; відтворіть ніч за допомогою nightsim {by} (pip install nightsim=={by})",
    "elsewhere.retired": "{by} записав цей журнал за редакцією правил {edition}, яку цей"
    " nightsim ({this}) уже не грає (він грає {plays})",
    "editions.many": "за редакціями {editions}",
    "editions.one": "за редакцією {editions}",
    "elsewhere.edition": "{by} записав цей журнал за редакцією правил {edition}, якої цей"
    " nightsim ({this}) не знає (він грає {plays})",
    "elsewhere.fields": "{by}, пізніший випуск, записав цей журнал: у його заголовку є {names},"
    " чого цей nightsim ({this}) не знає",
    "elsewhere.dice": "{by}, пізніший випуск, кидав кості {dice} для цього журналу, а цей"
    " nightsim ({this}) таких кидати не вміє",
    "elsewhere.line_type": "рядок {line} має тип події {type}, якого цей nightsim ({this}) не"
    " знає (його записав пізніший випуск)",
    "elsewhere.line_fields": "у рядку {line} є {names}, чого цей nightsim ({this}) не знає (його"
    " записав пізніший випуск)",
    "elsewhere.whatif": "{path}: {why}; для whatif потрібен журнал, який цей nightsim може"
    " повторно змоделювати",
    "elsewhere.sound_to": "; ночі з 1 до {last} справні",
    "elsewhere.sound_one": "; ніч 1 справна",
    "elsewhere.adjustment": "поправка {number} (після ночі {after}) задає {name} у {where} —"
    " ключ, якого цей nightsim ({this}) не знає (її зробив пізніший випуск)",
    "elsewhere.campaign_entry": "{file}: {why}{verified}; кампанію відтворюють за допомогою"
    " {which}: {command}",
    "elsewhere.campaign": "{file}: ніч {night}: {why}{verified}; кампанію відтворюють за"
    " допомогою {which}: {command}",
    "fault.not_utf8": "це не текст UTF-8; журнал nightsim — це JSON Lines",
    "fault.first_empty": "порожній рядок; журнал nightsim починається з JSON-рядка night.header",
    "fault.first_binary": "двійковий файл; журнал nightsim починається з JSON-рядка night.header",
    "fault.first_not_json": "це не JSON; журнал nightsim починається з JSON-рядка night.header",
    "fault.first_not_object": "це не об'єкт JSON; журнал nightsim починається з рядка night.header",
    "fault.too_deep": "вкладено глибше ніж на {most} рівнів (межа для рядка журналу)",
    "fault.v": "«v» дорівнює {got}, а мало бути {version}",
    "fault.no_header": "немає рядка night.header (тип — {type}): це не журнал nightsim",
    "fault.format": "версія формату журналу {got}; цей nightsim читає версії {first} і {last}",
    "fault.seq": "«seq» дорівнює {got}, а мало бути {seq}",
    "fault.players_view": 'це вигляд для гравців ("view": "players"), а не журнал: у ньому'
    " немає ланцюжка, і він нічого не доводить; попросіть у ведучого сам журнал",
    "fault.not_jcs": "цей JSON не записати за JCS ({why}): рядок змінили",
    "fault.unknown_type": "{type}: невідомий тип події {tag}",
    "fault.no_type": "{type}: немає поля «type»",
    "fault.field_missing": "{type}: бракує поля {field}",
    "fault.want_clock": "має бути часом доби ГГ:ХХ",
    "fault.want_pattern": "має відповідати шаблону {pattern}",
    "fault.bad_field": "{type}: поле {field} не таке, яким його пише nightsim: {msg}",
    "fault.bad_line": "{type}: рядок не такий, як його пише nightsim: {msg}",
    "fault.skipped_night": "{type}: «night» дорівнює {got}, а мав бути номер ночі",
    "fault.not_canonical_v1": "це не канонічний JSON формату 1 (ключі за абеткою, без пропусків):"
    " рядок переписали",
    "fault.header_seed": "night.header: {why}",
    "fault.party_size": "night.header: у загоні {party}, більше за {most} (межа для загону);"
    " такого журналу цей nightsim не читає",
    "fault.header_invalid": "night.header: конфігурація хибна: {why}",
    "fault.empty_file": "порожній файл: це не журнал nightsim",
    "fault.too_long": "довший за {mib} МіБ (межа для рядка журналу)",
    "fault.partial_empty": "{path}: журнал обірвався ще до першого рядка: запуск, що створив"
    " цей файл .partial, зупинили, перш ніж він записав night.header",
    "fault.campaign_file": "{path}: це файл кампанії nightsim: виконайте `nightsim campaign"
    " verify` (`nightsim campaign log FILE N` дає журнал однієї ночі)",
    "fault.fifo": " (FIFO читається без очікування: у нього нічого не записали)",
    "fault.partial": " (файл .partial лишає запуск, який зупинили до кінця)",
    "fault.not_utf8_line": "не текст UTF-8: рядок пошкоджено",
    "fault.bom": "починається з позначки порядку байтів (BOM): файл переписав редактор",
    "fault.cut_mid_line": "не JSON: файл обірвано посеред рядка",
    "fault.empty_line": "порожній рядок: рядок додали або стерли",
    "fault.not_json": "не JSON",
    "fault.not_object": "не об'єкт JSON",
    "fault.duplicate": "копія рядка {line}: рядок продубльовано",
    "fault.glued": "другий night.header: тут доклеєно інший журнал",
    "fault.no_hash": "немає «hash»: кожен рядок журналу несе свій геш ланцюжка",
    "fault.field": "{type}: поле {field} не таке, яким його пише nightsim",
    "fault.not_canonical": "не канонічний JSON (ключі за абеткою, без пробілів): рядок переписано",
    "fault.header_config": "night.header: поле «config» не таке, яким його пише nightsim",
    "fault.header_resolved": "night.header: поле «resolved» не випливає з його конфігурації",
    "fault.appended": "{type} після підсумку останньої ночі ({nights}): журнал там закінчується,"
    " цей рядок дописано",
    "fault.second_header": "другий night.header",
    "fault.summary_other": "підсумок ночі {night}, але відкрита ніч {open}",
    "fault.outside": "{type} поза ніччю (перед ним немає night.began)",
    "fault.other_night": "{type} ночі {night}, але відкрита ніч {open}",
    "fault.begins_early": "ніч {night} починається до кінця ночі {open}",
    "fault.night_order": "починається ніч {night}, а мала ніч {expected} з {of}",
    "fault.cut_short": "журнал обірвано: його останній рядок \u2014 подія {last}, а цілий журнал"
    " закінчується подією night.summary (підсумком ночі {nights})",
    "fault.no_newline": "немає нового рядка в кінці: файл обірвано",
    "fault.seq_ahead": "seq дорівнює {got}, а мало бути {seq}: рядок перед ним видалили або рядки"
    " переставили",
    "fault.seq_behind": "seq дорівнює {got}, а мало бути {seq}: рядок вставили чи продублювали"
    " або рядки переставили",
    "fault.hash": "геш не збігається: рядок змінили або тут вставили, видалили чи переставили"
    " рядок",
    "fault.crlf": "закінчується на CR LF: кінці рядків у файлі переписано",
    "fault.line": "рядок {line}: {why}",
    "note.line": "примітка: {note}",
    "note.version": "журнал записав nightsim {by}, а це nightsim {this}: розбіжність може бути"
    " від версії, а не від підробки",
    "refuse.dice": "{path}: журнал кидали костями {rng}, яких цей nightsim не має (він знає"
    " {known}): повторно змоделювати ніч неможливо",
    "note.dice": "кості журналу — {dice} (власні кості цього nightsim — {own}): ніч зіграно"
    " заново з костями журналу",
    "status.usage_error": "{prog}: помилка: {message} (див. {prog} --help)",
    "status.warning": "nightsim: попередження: {message}",
    "status.error": "nightsim: помилка: {message}",
}
