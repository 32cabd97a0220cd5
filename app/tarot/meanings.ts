import type { TarotCard } from "./cards";

/** What a card means, upright and reversed, in our own words. */
export type CardMeaning = {
  upright: { keywords: string[]; meaning: string };
  reversed: { keywords: string[]; meaning: string };
};

function entry(uprightKeywords: string[], upright: string, reversedKeywords: string[], reversed: string): CardMeaning {
  return {
    upright: { keywords: uprightKeywords, meaning: upright },
    reversed: { keywords: reversedKeywords, meaning: reversed },
  };
}

const MAJOR: Record<string, CardMeaning> = {
  "major-00": entry(
    ["beginnings", "spontaneity", "trust", "open road", "innocence"],
    "You stand at the edge of something new, carrying little more than curiosity and a willing heart. This is a moment to step forward without needing every answer first. Let yourself be a beginner and see where the path leads.",
    ["recklessness", "hesitation", "naivety", "poor timing"],
    "Your eagerness may be running ahead of your judgement, or fear may be keeping you frozen at the threshold. Look honestly at whether you are leaping blindly or refusing to leap at all. A little planning can make the adventure safer.",
  ),
  "major-01": entry(
    ["willpower", "skill", "focus", "manifestation", "resourcefulness"],
    "You already hold the tools you need, and this card asks you to use them with intention. When your thoughts, words and actions line up, ideas can become real. Choose one clear aim and put your full attention behind it.",
    ["scattered energy", "manipulation", "untapped talent", "self-doubt"],
    "Your gifts may be going unused, or your energy may be spread across too many directions to land anywhere. Watch, too, for anyone using charm to steer you, including yourself. Reconnect with what you truly want before you act.",
  ),
  "major-02": entry(
    ["intuition", "mystery", "inner voice", "stillness", "hidden knowledge"],
    "Not everything you need to know will arrive through logic right now. Quiet the noise around you and pay attention to dreams, hunches and the feelings beneath the surface. Your inner knowing can be a trustworthy guide.",
    ["ignored intuition", "secrets", "disconnection", "surface noise"],
    "You may be drowning out your own inner voice with busyness or other people's opinions. Something may also be kept hidden, by you or from you. Make space for silence, and notice what you already sense but have not yet admitted.",
  ),
  "major-03": entry(
    ["abundance", "nurturing", "creativity", "sensuality", "growth"],
    "This is a season of ripening, when care and patience help things flourish. You are invited to nurture your projects, your relationships and your own body with generosity. Let beauty and comfort feed your creativity.",
    ["neglect", "smothering", "creative block", "dependence"],
    "You may be pouring so much care into others that you have none left for yourself, or holding on so tightly that growth feels stifled. Creative energy might feel blocked for a while. Tend gently to your own needs first.",
  ),
  "major-04": entry(
    ["structure", "authority", "stability", "leadership", "protection"],
    "Order and steady leadership are your allies at the moment. Clear rules, firm boundaries and a practical plan can give your ambitions a solid frame. Step into your own authority and take responsibility for building something that lasts.",
    ["rigidity", "control", "domination", "lack of discipline"],
    "Structure may have hardened into control, whether you are the one gripping too tightly or someone else is. Alternatively, a lack of discipline may be leaving things shaky. Look for a kind of strength that protects without dominating.",
  ),
  "major-05": entry(
    ["tradition", "teaching", "belonging", "shared values", "guidance"],
    "There is wisdom in paths that others have walked before you. A mentor, a community or a time-honoured practice may offer the support you need. Consider how shared values and rituals could steady you now.",
    ["rebellion", "questioning", "personal beliefs", "nonconformity"],
    "Rules and expectations that once felt safe may now feel confining. You might be ready to question what you were taught and find beliefs that fit who you are becoming. Trust your own moral compass as you explore.",
  ),
  "major-06": entry(
    ["connection", "harmony", "choice", "values", "partnership"],
    "A meaningful bond or an important choice sits at the heart of this moment. The card asks you to align your decisions with what you truly value. When head and heart agree, relationships of every kind can deepen.",
    ["imbalance", "misalignment", "inner conflict", "avoidance"],
    "Something may feel out of step, either between you and another person or between your choices and your values. Avoiding a decision can cost more than making one. Be honest about what you want and what you are willing to give.",
  ),
  "major-07": entry(
    ["determination", "momentum", "self-control", "victory", "direction"],
    "You have the drive to move forward, provided you keep your competing impulses pulling the same way. Focus and self-discipline can carry you past obstacles. Set your course, hold the reins firmly and keep going.",
    ["lost direction", "scattered will", "frustration", "stalling"],
    "You may feel pulled in opposite directions, unable to make real progress. Pushing harder is unlikely to help until you know where you are headed. Pause, regain your bearings and then move with purpose again.",
  ),
  "major-08": entry(
    ["courage", "compassion", "patience", "inner strength", "gentle control"],
    "Real strength here looks soft: patience, kindness and a steady heart. You can meet difficult feelings or people without force, calming rather than conquering them. Trust the quiet courage you already carry.",
    ["self-doubt", "impatience", "low energy", "raw emotion"],
    "Your confidence may feel thin, or frustration might be spilling out more sharply than you intend. Be gentle with yourself rather than demanding instant mastery. Rebuilding trust in your own resilience takes time and tenderness.",
  ),
  "major-09": entry(
    ["solitude", "reflection", "inner guidance", "wisdom", "retreat"],
    "Stepping back from the crowd could help you hear yourself more clearly. This is a time for reflection, study and honest soul-searching. The light you are looking for may be the one you already carry within.",
    ["isolation", "loneliness", "withdrawal", "avoidance"],
    "Healthy solitude may have tipped into isolation, or you may be avoiding the quiet reflection you need. Notice whether you are hiding from others or from yourself. Reaching out, or turning inward, could restore your balance.",
  ),
  "major-10": entry(
    ["cycles", "change", "turning point", "luck", "destiny"],
    "Life is in motion, and a new turn of the wheel may be arriving. Circumstances can shift in ways you did not plan for. Stay flexible and open, since change often carries opportunity alongside it.",
    ["setbacks", "resistance", "bad timing", "repeating patterns"],
    "Things may feel stuck or tilted against you for a while. Resisting change rarely stops it, but you can learn from the patterns that keep returning. Focus on what you can influence and let the rest move as it will.",
  ),
  "major-11": entry(
    ["fairness", "truth", "accountability", "balance", "clear decisions"],
    "Honest choices and their consequences are in focus. You are asked to weigh the facts carefully and act with integrity. What is fair and true tends to come to light when you take responsibility for your part.",
    ["unfairness", "bias", "evasion", "dishonesty"],
    "Something may feel unbalanced or unjust, or you may be avoiding accountability for a choice. Look closely at where bias, including your own, might be colouring the picture. Owning the truth can begin to restore equilibrium.",
  ),
  "major-12": entry(
    ["pause", "surrender", "new perspective", "letting go", "patience"],
    "Progress may come from stopping rather than pushing. A pause gives you the chance to see your situation from an unfamiliar angle. Letting go of control, even briefly, could reveal an answer you could not see before.",
    ["stalling", "indecision", "resistance", "needless sacrifice"],
    "You may be stuck in a waiting pattern that no longer serves you, or resisting a pause that would actually help. Ask whether what you are sacrificing is truly necessary. A decision, even a small one, could get things moving.",
  ),
  "major-13": entry(
    ["endings", "transformation", "transition", "release", "renewal"],
    "A chapter is closing so that something new can begin. This card rarely speaks of a literal death, pointing instead to deep change and release. Allow what has run its course to end, and make room for renewal.",
    ["resisting change", "stagnation", "clinging", "fear of endings"],
    "You may be holding on to something that has already ended, which can keep you from moving forward. Fear of the unknown is natural, yet staying put may be costing you more. Let go gently, one step at a time.",
  ),
  "major-14": entry(
    ["balance", "moderation", "patience", "healing", "blending"],
    "Calm, patient blending of opposites brings the best results at the moment. Look for the middle way, combining the different parts of your life in healthy proportion. Steady, gentle effort can bring quiet healing.",
    ["excess", "imbalance", "haste", "discord"],
    "Something in your life may be tipping into excess or running too fast. Notice where you are overdoing it or where things feel out of tune. Slowing down and realigning your priorities can help restore harmony.",
  ),
  "major-15": entry(
    ["attachment", "temptation", "shadow self", "restriction", "habits"],
    "You may feel bound by a habit, a desire or a situation that seems hard to escape. The chains are often looser than they look. Bring honest awareness to what holds you, and remember that you still have choices.",
    ["breaking free", "release", "awareness", "reclaimed power"],
    "You are beginning to recognise what has been holding you back, and that awareness is powerful. Old attachments may be loosening their grip. Take the next step toward freedom, and be patient with yourself along the way.",
  ),
  "major-16": entry(
    ["upheaval", "sudden change", "revelation", "breakdown", "awakening"],
    "An unexpected shake-up may topple structures that were built on shaky ground. Though it can feel alarming, this clearing makes space for something more honest. Hold on to what is true while the dust settles.",
    ["averted disaster", "fear of change", "delayed collapse", "inner shift"],
    "You may sense that something needs to fall, yet you are trying hard to hold it together. Sometimes the upheaval happens quietly, inside you. Consider whether gradual change now could spare you a harder fall later.",
  ),
  "major-17": entry(
    ["hope", "renewal", "inspiration", "serenity", "faith"],
    "After a difficult stretch, a gentle sense of hope returns. You are invited to rest, heal and trust that brighter days are possible. Let yourself be inspired, and share your light with those around you.",
    ["discouragement", "doubt", "disconnection", "lost faith"],
    "Hope may feel far away right now, and you might be doubting yourself or the future. This is a time to reconnect with small sources of comfort and meaning. Even a faint star can help you find your way home.",
  ),
  "major-18": entry(
    ["illusion", "uncertainty", "dreams", "intuition", "hidden fears"],
    "The way ahead looks unclear, and things may not be quite what they seem. Your dreams and feelings can offer clues, though fears may also distort the view. Move carefully and trust your instincts as you go.",
    ["returning clarity", "released fear", "truth emerging", "secrets surfacing"],
    "Confusion may be starting to lift, and hidden truths could come into view. Fears that loomed large might now seem smaller. Give yourself time to sort what is real from what was only imagined.",
  ),
  "major-19": entry(
    ["joy", "success", "vitality", "warmth", "clarity"],
    "Warmth and optimism shine through this card. You may feel energised, confident and ready to be seen exactly as you are. Enjoy the good things in your life and let your happiness spill over to others.",
    ["dimmed joy", "overconfidence", "delays", "inner child"],
    "Your natural brightness may be clouded for a while, or enthusiasm might be tipping into overconfidence. The light has not gone out, only dimmed. Look for simple pleasures that help you feel like yourself again.",
  ),
  "major-20": entry(
    ["awakening", "reckoning", "renewal", "calling", "forgiveness"],
    "A moment of clarity invites you to look back honestly and rise into a new chapter. You may feel a strong inner calling. Forgive what needs forgiving, including in yourself, and answer that call with courage.",
    ["self-criticism", "doubt", "ignored calling", "hesitation"],
    "Harsh self-judgement may be holding you back from the renewal you are ready for. You might be ignoring a calling out of fear. Treat your past with compassion so you can move forward with a clearer heart.",
  ),
  "major-21": entry(
    ["completion", "wholeness", "achievement", "integration", "travel"],
    "A cycle is reaching its natural fulfilment, and you can take pride in how far you have come. Everything feels connected and whole. Celebrate this accomplishment before you turn toward the next adventure.",
    ["unfinished business", "delays", "lack of closure", "shortcuts"],
    "Something may be nearly complete but not quite, leaving you restless or stuck. Look for loose ends that still need tying. Closure is within reach if you take the final steps instead of seeking shortcuts.",
  ),
};

/** Wands: fire, drive, ambition and creative spark. */
const WANDS: Record<string, CardMeaning> = {
  "wands-ace": entry(
    ["inspiration", "spark", "new venture", "potential", "enthusiasm"],
    "A fresh spark of inspiration is arriving, full of creative fire. This could be the start of a project, a passion or a bold new direction. Catch the energy while it is hot and give it somewhere to grow.",
    ["delays", "low motivation", "false start", "blocked creativity"],
    "The spark is there, yet it may not be catching. You might feel uninspired, or a promising idea could stall before it truly begins. Be patient, and look for what would help the flame take hold.",
  ),
  "wands-02": entry(
    ["planning", "decisions", "future vision", "ambition", "discovery"],
    "You have taken a first step and now face a choice about how far to go. Looking toward the horizon, you can weigh bold plans against the comfort of staying put. Let ambition and careful planning work together.",
    ["fear of change", "playing safe", "poor planning", "indecision"],
    "Uncertainty may be keeping you within familiar walls even though you long for more. Perhaps the plan is unclear or the risk feels too large. Clarify what you want and take one modest step toward it.",
  ),
  "wands-03": entry(
    ["expansion", "progress", "foresight", "momentum", "collaboration"],
    "Your efforts are beginning to pay off, and wider horizons are opening. This is a good time to think bigger and reach out to people who can help your vision grow. Keep watching for the opportunities heading your way.",
    ["setbacks", "frustration", "limited vision", "slow progress"],
    "Progress may be slower than you hoped, or your plans might be meeting obstacles you did not foresee. It can help to revisit your strategy rather than abandon it. Growth is still possible with some adjustments.",
  ),
  "wands-04": entry(
    ["celebration", "homecoming", "community", "milestones", "stability"],
    "There is something to celebrate, and you are invited to enjoy it with people you love. A stable foundation lets your energy turn toward joy. Mark the milestone and let yourself feel at home in what you have built.",
    ["unsettled", "tension at home", "transition", "cancelled plans"],
    "A sense of home or belonging may feel shaky right now. Plans might be changing, or tension could be dampening the festive mood. Look for small ways to create warmth and stability while things settle.",
  ),
  "wands-05": entry(
    ["competition", "conflict", "rivalry", "clashing egos", "disagreement"],
    "Many voices and ambitions may be competing for space around you. The friction can feel chaotic, yet it can also sharpen your ideas if it stays playful rather than hostile. Stand your ground while staying open to others.",
    ["avoiding conflict", "resolution", "inner struggle", "truce"],
    "You may be steering away from a clash, or heated tensions could be easing into cooperation. Check whether you are keeping the peace at the cost of your own voice. Finding common ground may be easier than you expect.",
  ),
  "wands-06": entry(
    ["victory", "recognition", "confidence", "success", "public praise"],
    "After a hard-fought stretch, your effort is being noticed and a sense of triumph is well earned. Let yourself receive praise and enjoy the moment. Confidence gained now can carry you into your next challenge.",
    ["self-doubt", "going unnoticed", "fall from grace", "ego"],
    "You might feel overlooked, or worry that success will not last. Alternatively, pride could be getting in your way. Remember that your worth does not depend on applause, and keep following your own fire.",
  ),
  "wands-07": entry(
    ["defence", "perseverance", "standing firm", "challenge", "conviction"],
    "You may find yourself defending your position against pressure from several sides. Your convictions are worth protecting, and you hold the higher ground. Stay steady, choose your battles and trust your own strength.",
    ["overwhelm", "giving up", "exhaustion", "yielding"],
    "Constant challenge may be wearing you down, and you might be tempted to give in. Ask which fights truly matter and which you can release. Protecting your energy is also a form of strength.",
  ),
  "wands-08": entry(
    ["speed", "movement", "swift action", "news", "momentum"],
    "Things are moving quickly, and events may suddenly fall into place. Messages, travel or progress could arrive all at once. Ride the momentum and act while the energy is flowing your way.",
    ["delays", "frustration", "haste", "misfires"],
    "Plans might be held up, or you may be rushing so fast that details slip through. Patience can feel hard when you are eager to move. Slow down enough to aim well before you launch.",
  ),
  "wands-09": entry(
    ["resilience", "persistence", "last stand", "boundaries", "courage"],
    "You have been through a lot, and the finish line is close. Though you may feel weary and guarded, your resilience is remarkable. Keep going a little further, and protect your boundaries as you do.",
    ["exhaustion", "paranoia", "defensiveness", "burnout"],
    "Battle fatigue may be setting in, and you might be bracing for threats that are no longer there. Consider whether it is time to rest or ask for help. You do not have to carry every fight alone.",
  ),
  "wands-10": entry(
    ["burden", "responsibility", "hard work", "overload", "duty"],
    "You are carrying a heavy load, perhaps more than your share. Your dedication has brought you far, yet the weight is slowing you down. Look at what you could delegate or set aside so you can still reach the goal.",
    ["release", "delegation", "breaking point", "letting go"],
    "You may be near your limit, or finally ready to put some burdens down. Saying no and sharing the work can free your energy for what matters most. Relief becomes possible once you stop trying to carry everything yourself.",
  ),
  "wands-page": entry(
    ["curiosity", "enthusiasm", "exploration", "good news", "free spirit"],
    "A spirited, curious energy invites you to explore something new. Exciting news or a fresh idea may light up your imagination. Approach it like a learner, eager and unafraid to try things out.",
    ["impatience", "lack of direction", "setbacks", "unfocused"],
    "Your enthusiasm may be burning bright but briefly, flitting from one idea to the next. Disappointing news or a false start could dampen your mood. Choose one spark and nurture it before chasing the next.",
  ),
  "wands-knight": entry(
    ["action", "adventure", "passion", "boldness", "impulsiveness"],
    "Bold, fiery energy is pushing you into action. You may feel ready to chase an adventure or pursue a passion with everything you have. Let that courage carry you, while keeping an eye on where you are going.",
    ["recklessness", "haste", "frustration", "scattered energy"],
    "Impulsiveness could be leading you into half-finished projects or heated moments. Energy without direction tends to burn out quickly. Channel your fire into a plan rather than charging ahead blindly.",
  ),
  "wands-queen": entry(
    ["confidence", "warmth", "charisma", "determination", "independence"],
    "You are invited to shine with warm, self-assured confidence. This queen knows her own fire and uses it to inspire others without losing herself. Trust your vibrant energy and let it draw good things toward you.",
    ["insecurity", "jealousy", "demanding", "self-doubt"],
    "Your inner fire may be flickering, leaving you less sure of yourself. Or that fire might flare into jealousy or impatience with others. Reconnect with what lights you up, and let confidence grow from within.",
  ),
  "wands-king": entry(
    ["leadership", "vision", "entrepreneurship", "boldness", "influence"],
    "Visionary leadership is available to you now. You can turn a big idea into a plan and rally people behind it. Lead with courage and integrity, and others may be inspired to follow your example.",
    ["impulsiveness", "arrogance", "high expectations", "domineering"],
    "A strong will may be turning into a need to control, or big ideas may lack follow-through. Watch for impatience with people who move at a different pace. The best leaders listen as well as inspire.",
  ),
};

/** Cups: water, feeling, relationships and intuition. */
const CUPS: Record<string, CardMeaning> = {
  "cups-ace": entry(
    ["new love", "emotional opening", "compassion", "joy", "intuition"],
    "Your heart may be opening to fresh feeling, whether love, friendship, creativity or spiritual connection. Let that flow of emotion move through you without rushing to define it. This is a gentle beginning worth welcoming.",
    ["emotional block", "repressed feelings", "emptiness", "self-love"],
    "Feelings may be bottled up, or you might be holding back from giving and receiving love. Your own cup could need refilling first. Kindness toward yourself can help emotions begin to flow again.",
  ),
  "cups-02": entry(
    ["partnership", "mutual attraction", "union", "connection", "respect"],
    "A bond built on mutual respect and care is highlighted. This may be a romance, a friendship or a partnership where both sides meet as equals. Honour the connection and let it deepen naturally.",
    ["imbalance", "disconnection", "broken trust", "misunderstanding"],
    "A relationship may feel out of balance, with one side giving more than the other. Misunderstandings could be creating distance between you. An honest, tender conversation might help you rediscover what you share.",
  ),
  "cups-03": entry(
    ["friendship", "celebration", "community", "joy", "support"],
    "Friendship and shared happiness are flowing around you. Gather with the people who lift you up and celebrate together. Collaboration and a sense of belonging can nourish your heart right now.",
    ["isolation", "gossip", "overindulgence", "third party"],
    "Social circles may feel strained, or a celebration might be tipping into excess. You could feel left out or caught up in gossip. Look for the friendships that truly support you and invest your energy there.",
  ),
  "cups-04": entry(
    ["apathy", "contemplation", "discontent", "reevaluation", "withdrawal"],
    "Emotional comfort may have settled into boredom or quiet dissatisfaction. You might be turning inward, uninterested in what is being offered. Take time to reflect, but stay open to an opportunity you may be overlooking.",
    ["renewed interest", "acceptance", "new perspective", "reaching out"],
    "You may be stirring out of a slump and noticing possibilities again. A shift in attitude could help you appreciate what is right in front of you. Say yes to something that sparks a little curiosity.",
  ),
  "cups-05": entry(
    ["grief", "regret", "loss", "disappointment", "mourning"],
    "Something has been lost, and sorrow is a natural response. Give yourself permission to grieve what has spilled away. When you are ready, notice what still remains standing behind you.",
    ["acceptance", "moving on", "forgiveness", "healing"],
    "You may be ready to turn from what was lost toward what remains. Healing is beginning, even if some sadness still lingers. Forgiveness, of yourself or another, can help you carry less weight forward.",
  ),
  "cups-06": entry(
    ["nostalgia", "childhood", "innocence", "kindness", "reunion"],
    "Gentle memories and simple kindness are in the air. You might reconnect with someone from your past or rediscover a joy from childhood. Let that innocence soften your heart and help you heal.",
    ["dwelling on memories", "rosy memories", "moving forward", "independence"],
    "Looking back may be keeping you from fully living now. Rose-tinted memories can make the present seem dull by comparison. Honour your past, then gently turn your attention to the life you are creating.",
  ),
  "cups-07": entry(
    ["choices", "fantasy", "illusion", "wishful thinking", "options"],
    "Many tempting possibilities may be floating before you, and not all of them are what they seem. Daydreams can inspire, but they can also distract. Look closely at each option and choose the one that matches your true feelings.",
    ["clarity", "decision", "realism", "focus"],
    "The fog of options may be lifting, helping you see what is real. You could be ready to set fantasy aside and commit to a clear choice. Trust the clarity that is emerging, and let it guide your heart.",
  ),
  "cups-08": entry(
    ["walking away", "seeking meaning", "disillusionment", "emotional journey", "release"],
    "You may be ready to leave behind something that no longer fulfils you, even if it once did. Walking away takes courage. Follow your need for deeper meaning, trusting that this emotional journey has a purpose.",
    ["fear of leaving", "stagnation", "drifting", "indecision"],
    "Part of you may know it is time to move on while another part clings to what is familiar. Or you could be drifting without a clear direction. Ask your heart what it truly seeks before you decide whether to stay or go.",
  ),
  "cups-09": entry(
    ["contentment", "wishes fulfilled", "satisfaction", "gratitude", "pleasure"],
    "A deep sense of emotional satisfaction is within reach. Many of your wishes may be coming true, or you are learning to appreciate what you already have. Enjoy this contentment and let gratitude deepen it.",
    ["unfulfilled wishes", "smugness", "materialism", "inner discontent"],
    "Something you hoped for may not be bringing the joy you expected. Outer comforts might be masking an inner longing. Reflect on what would truly satisfy you, beyond appearances and appetites.",
  ),
  "cups-10": entry(
    ["harmony", "family", "lasting happiness", "belonging", "fulfilment"],
    "Emotional fulfilment and loving connection reach a beautiful peak here. You may feel surrounded by family, chosen or otherwise, and truly at home. Savour this harmony and nurture the bonds that make it possible.",
    ["family tension", "broken ideals", "disconnection", "misaligned values"],
    "The picture of happiness you hold may not match reality right now. Tension at home or unmet expectations could be weighing on your heart. Open, loving communication can help rebuild a sense of belonging.",
  ),
  "cups-page": entry(
    ["sensitivity", "creative message", "curiosity", "dreaminess", "new feelings"],
    "A tender, imaginative energy invites you to be curious about your feelings. An unexpected message or creative idea might surprise you. Let yourself be playful and open-hearted, even if it feels a little vulnerable.",
    ["emotional immaturity", "creative block", "escapism", "moodiness"],
    "Feelings may be running high or proving hard to express, and you might retreat into daydreams. A creative idea could feel stuck for now. Be gentle with your inner world while you learn to share it honestly.",
  ),
  "cups-knight": entry(
    ["romance", "idealism", "charm", "following the heart", "invitation"],
    "A romantic, idealistic energy encourages you to follow your heart. An invitation or offer rooted in feeling may come your way. Move toward what moves you, with grace and sincerity.",
    ["moodiness", "unrealistic expectations", "jealousy", "empty promises"],
    "Feelings might be swinging unpredictably, or promises may sound better than they turn out to be. Beware of chasing an ideal that leaves no room for real people. Ground your emotions before you act on them.",
  ),
  "cups-queen": entry(
    ["compassion", "emotional wisdom", "intuition", "calm", "care"],
    "You are called to meet yourself and others with deep compassion. This queen holds her feelings with maturity, sensing what lies beneath the surface. Trust your intuition and offer care from a place of calm.",
    ["overgiving", "codependence", "emotional overwhelm", "insecurity"],
    "You may be absorbing so much of other people's feelings that your own get lost. Your emotional boundaries could use some attention. Turn some of your compassion inward and take time to refill your own cup.",
  ),
  "cups-king": entry(
    ["emotional balance", "diplomacy", "generosity", "steadiness", "wise counsel"],
    "Steady, balanced emotion gives you a quiet kind of authority now. You can stay calm in rough waters and help others find their footing. Lead with kindness while keeping a clear head.",
    ["emotional manipulation", "volatility", "coldness", "suppression"],
    "Feelings may be pushed down until they leak out as moodiness or coldness. Watch for any urge to use emotion to control situations or people. Finding an honest outlet can restore your inner steadiness.",
  ),
};

/** Swords: air, thought, conflict and truth. */
const SWORDS: Record<string, CardMeaning> = {
  "swords-ace": entry(
    ["clarity", "breakthrough", "truth", "new idea", "mental focus"],
    "A flash of clarity cuts through confusion. You may grasp the truth of a situation or land on a powerful new idea. Use this sharp focus to speak honestly and make a clean decision.",
    ["confusion", "miscommunication", "clouded judgement", "harsh words"],
    "Your thinking may feel foggy, or your words might be landing harder than you meant. A breakthrough could be delayed by mixed messages. Slow down, gather the facts and think before you speak.",
  ),
  "swords-02": entry(
    ["stalemate", "difficult choice", "indecision", "avoidance", "truce"],
    "You may be caught between two options, keeping the peace by not choosing. Blocking out information can feel safer for a while. Gently remove the blindfold and let yourself see what the decision really involves.",
    ["information overload", "confusion", "tough trade-off", "release"],
    "The pressure of an unmade choice may be building, with too many thoughts crowding in. Staying stuck is becoming harder than deciding. Trust that a clear answer can emerge once you stop resisting it.",
  ),
  "swords-03": entry(
    ["heartbreak", "sorrow", "grief", "painful truth", "hurt"],
    "A painful truth or loss may be piercing your heart. Allow yourself to feel the hurt rather than pushing it away. Honest grief, though sharp, is part of how healing and growth begin.",
    ["recovery", "releasing pain", "forgiveness", "lingering sorrow"],
    "You may be starting to recover from a heartache, though some sadness might linger. Letting go of the painful thoughts you keep replaying can help. Offer yourself the same forgiveness you would offer a friend.",
  ),
  "swords-04": entry(
    ["rest", "recovery", "contemplation", "stillness", "recuperation"],
    "Your mind needs a pause after a period of strain. Rest and quiet reflection can restore your strength before the next challenge. Give yourself permission to step back and recharge.",
    ["restlessness", "burnout", "overthinking", "reawakening"],
    "You may be resisting rest even though your mind is exhausted, or stirring after a long retreat. Overthinking can make genuine relaxation difficult. Ease back into activity at a pace that honours your recovery.",
  ),
  "swords-05": entry(
    ["conflict", "hollow victory", "tension", "defeat", "self-interest"],
    "A disagreement may leave everyone feeling bruised, even whoever seems to win. Consider whether being right is worth what it costs. Sometimes walking away from an argument is the wiser choice.",
    ["reconciliation", "making amends", "lingering resentment", "moving on"],
    "Tension may be easing, opening the door to making peace. Some lingering resentment could still need attention. Acknowledging your part and releasing the need to win can help everyone move forward.",
  ),
  "swords-06": entry(
    ["transition", "moving on", "calmer waters", "healing", "journey"],
    "You are leaving a difficult situation behind and heading toward calmer waters. The journey may be quiet and a little sad, yet it brings relief. Trust that steadier ground lies ahead.",
    ["unfinished business", "resistance", "stuck", "emotional baggage"],
    "You might be trying to move on while still carrying old troubles with you. Or something may be stopping you from leaving at all. Address what remains unresolved so the transition can truly begin.",
  ),
  "swords-07": entry(
    ["strategy", "secrecy", "deception", "cunning", "going alone"],
    "Cleverness and strategy may be at play, for better or worse. You might need to act discreetly, or you may sense someone is not being fully honest. Think carefully about whether your tactics fit your values.",
    ["confession", "conscience", "coming clean", "exposed secrets"],
    "Hidden plans may be coming to light, or your conscience could be nudging you toward honesty. Coming clean often feels lighter than carrying a secret. Rethink any approach that depends on cutting corners.",
  ),
  "swords-08": entry(
    ["restriction", "trapped thinking", "self-doubt", "helplessness", "fear"],
    "You may feel boxed in, yet many of the limits live in your mind. Fearful thoughts can make your options invisible. Take one small step, and you may discover you have more freedom than you believed.",
    ["release", "new perspective", "self-acceptance", "freedom"],
    "You are beginning to loosen the thoughts that kept you trapped. A fresh perspective can reveal ways out that were there all along. Keep questioning the stories that told you that you were stuck.",
  ),
  "swords-09": entry(
    ["anxiety", "worry", "sleeplessness", "fear", "overthinking"],
    "Worries may be keeping you up at night, growing larger in the dark. Your fears feel real, even if the situation is less grim than your mind suggests. Share what troubles you, and seek support rather than suffering alone.",
    ["hope", "reaching out", "easing worry", "inner turmoil"],
    "The worst of the anxiety may be starting to lift, or you might be ready to ask for help. Some worries could still linger beneath the surface. Talking them through can shrink them back to a manageable size.",
  ),
  "swords-10": entry(
    ["painful ending", "rock bottom", "betrayal", "collapse", "release"],
    "A difficult situation may have reached its lowest point. It can feel as if everything has ended, yet hitting bottom also means the only way left is up. Let this chapter close, and trust that dawn follows even the longest night.",
    ["recovery", "survival", "resisting the end", "regeneration"],
    "You have come through something hard and are slowly rising again. Be careful not to reopen old wounds by refusing to let them heal. Each small step toward recovery matters more than it may seem.",
  ),
  "swords-page": entry(
    ["curiosity", "new ideas", "vigilance", "eagerness to learn", "communication"],
    "A sharp, inquisitive energy encourages you to ask questions and explore new ideas. You may be eager to learn or to speak your mind. Stay alert and curious, and check your facts before sharing them.",
    ["gossip", "hasty words", "all talk", "scattered thinking"],
    "Words may be getting ahead of thought, leading to gossip or careless remarks. Plenty of ideas might be flying around without any follow-through. Pause to listen properly before you respond.",
  ),
  "swords-knight": entry(
    ["ambition", "fast thinking", "directness", "drive", "assertiveness"],
    "Quick, focused thinking and a fierce drive push you to act. You may feel ready to charge toward a goal or defend an idea. Speak plainly and move decisively, while remembering that others may need time to catch up.",
    ["impatience", "rudeness", "rashness", "burnout"],
    "Rushing ahead without thinking things through could cause friction or mistakes. Sharp words might wound more than you intend. Slow down and consider the consequences before you act.",
  ),
  "swords-queen": entry(
    ["clear thinking", "honesty", "independence", "boundaries", "perception"],
    "You are invited to see situations with clear eyes and to speak the truth kindly but directly. This queen draws on hard-won experience to judge wisely. Trust your perception and set boundaries that protect your clarity.",
    ["coldness", "bitterness", "harsh judgement", "overly critical"],
    "Clarity may be turning into coldness, or old hurts might be sharpening your words. Be mindful of judging too quickly or too harshly, including when the person judged is you. Try to blend honesty with compassion.",
  ),
  "swords-king": entry(
    ["intellectual authority", "truth", "fairness", "logic", "integrity"],
    "Clear reason and fair judgement give you authority now. You can make decisions based on logic and ethics rather than emotion alone. Communicate with precision, and hold yourself to high standards of truth.",
    ["manipulation", "abuse of power", "cold logic", "rigidity"],
    "Intelligence may be used to control or outmanoeuvre rather than to serve fairness. Watch for rigid thinking that leaves no room for empathy. Truth carries the most weight when it is offered with integrity.",
  ),
};

/** Pentacles: earth, work, money, body and home. */
const PENTACLES: Record<string, CardMeaning> = {
  "pentacles-ace": entry(
    ["opportunity", "prosperity", "new venture", "security", "manifestation"],
    "A solid, practical opportunity may be landing in your hands. It could involve work, money, health or home. Plant this seed with care, and it has real potential to grow into lasting security.",
    ["missed opportunity", "poor planning", "instability", "scarcity"],
    "A promising opportunity might slip through your fingers if your plans stay vague. Financial or practical worries could be making you overly cautious. Build a firmer foundation before you invest your time or resources.",
  ),
  "pentacles-02": entry(
    ["balance", "juggling", "adaptability", "priorities", "flexibility"],
    "You may be juggling several demands, from money to work to home life. With flexibility and a light touch, you can keep everything moving. Stay adaptable and give your attention to what matters most.",
    ["overcommitment", "disorganisation", "imbalance", "overwhelm"],
    "Too many responsibilities could be slipping out of your hands. It might be time to drop something or ask for help. Reorganising your priorities can restore a sense of control over daily life.",
  ),
  "pentacles-03": entry(
    ["teamwork", "craftsmanship", "collaboration", "learning", "skill"],
    "Good work is taking shape through collaboration and skill. Each person's contribution matters, including yours. Share your expertise, listen to others and take pride in building something well.",
    ["poor teamwork", "misalignment", "mediocrity", "lack of effort"],
    "A group effort may be losing its way, with goals unclear or contributions uneven. Quality can suffer when people stop listening to one another. Realign around a shared plan before pressing on.",
  ),
  "pentacles-04": entry(
    ["security", "saving", "control", "possessiveness", "stability"],
    "You have built a measure of security and want to protect it. Saving and careful planning are wise, but holding on too tightly can limit growth. Ask whether you are guarding your resources or closing yourself off.",
    ["generosity", "letting go", "overspending", "financial insecurity"],
    "You may be loosening your grip on money or possessions, perhaps becoming more generous. On the other hand, spending could be running ahead of your means. Seek a balance between security and openness.",
  ),
  "pentacles-05": entry(
    ["hardship", "scarcity", "isolation", "worry", "exclusion"],
    "Times may feel hard, whether financially, physically or emotionally. You might feel left out in the cold. Remember that help is often closer than it appears, and reaching for it takes strength.",
    ["recovery", "relief", "support found", "improving circumstances"],
    "The worst of a difficult period may be passing. Support or resources could be becoming available to you. Accept help when it is offered, and take steady steps toward rebuilding your footing.",
  ),
  "pentacles-06": entry(
    ["generosity", "giving", "receiving", "sharing", "fairness"],
    "Resources are flowing between people in a healthy way. You may be in a position to give help or to receive it. Let generosity be balanced and fair, so everyone involved keeps their dignity.",
    ["strings attached", "debt", "one-sided giving", "self-care"],
    "Giving and receiving may be out of balance, or help may come with hidden conditions. You might be giving more than you can afford. Make sure your generosity includes yourself.",
  ),
  "pentacles-07": entry(
    ["patience", "long-term view", "investment", "assessment", "perseverance"],
    "You have planted and tended, and now it is time to pause and assess. Growth may be slower than you would like, yet it is happening. Consider whether your efforts are well placed before continuing.",
    ["impatience", "limited reward", "wasted effort", "rethinking"],
    "Frustration may be creeping in as results lag behind your effort. It might be worth reconsidering where you are investing your energy. Adjusting course now can save you disappointment later.",
  ),
  "pentacles-08": entry(
    ["diligence", "mastery", "skill", "craftsmanship", "focus"],
    "Steady, careful practice is sharpening your skills. Put your attention on the details and take satisfaction in doing the work well. Dedication like this is how mastery is built, one task at a time.",
    ["perfectionism", "lack of focus", "repetitive work", "shortcuts"],
    "Your work may feel dull, or perfectionism could be slowing you down. Taking shortcuts might undermine the quality you care about. Reconnect with why this craft matters to you.",
  ),
  "pentacles-09": entry(
    ["independence", "abundance", "self-sufficiency", "luxury", "reward"],
    "Your discipline has created a life of comfort and self-reliance. You can enjoy the rewards of your labour and the beauty around you. Take pride in your independence and let yourself savour it.",
    ["overwork", "financial setbacks", "dependence", "superficiality"],
    "Material comfort may be wobbling, or you might be working so hard you cannot enjoy what you have. Relying on others for security could feel uneasy. Revisit what true independence means to you.",
  ),
  "pentacles-10": entry(
    ["legacy", "wealth", "family", "tradition", "long-term security"],
    "Lasting stability and a sense of legacy are highlighted. Your efforts may be building security that supports your family and those who come after you. Appreciate the roots that hold you and the foundations you are laying.",
    ["family disputes", "financial loss", "instability", "heavy inheritance"],
    "Questions of money, inheritance or family expectations may be causing strain. Security that once seemed lasting might feel less certain. Consider which traditions serve you and which have become a burden.",
  ),
  "pentacles-page": entry(
    ["study", "new skill", "ambition", "diligence", "opportunity"],
    "A grounded, studious energy invites you to learn something practical. A new job, course or financial opportunity might be on its way. Approach it with patience and a willingness to start small.",
    ["procrastination", "lack of progress", "unrealistic goals", "distraction"],
    "Good intentions may not be turning into action yet. Perhaps your goals feel too large or your distractions too many. Break your plans into simple, concrete steps and begin with just one.",
  ),
  "pentacles-knight": entry(
    ["hard work", "reliability", "routine", "persistence", "responsibility"],
    "Slow and steady progress is your greatest asset now. Consistent effort, sensible routines and follow-through will carry you toward your goals. Keep showing up, one reliable step at a time.",
    ["stagnation", "boredom", "inertia", "excess caution"],
    "Routine may have become a rut, leaving you bored or unmotivated. Or you might be so cautious that nothing moves at all. Add a little variety or take a calculated risk to get things going again.",
  ),
  "pentacles-queen": entry(
    ["nurturing", "practicality", "abundance", "comfort", "groundedness"],
    "You have a gift for creating comfort and security for yourself and those you love. This queen balances work and home with calm practicality. Tend your body, your space and your resources with warm attention.",
    ["self-neglect", "overwork", "imbalance", "smothering"],
    "Caring for everyone else may be leaving you depleted. The balance between work, home and self might need adjusting. Give your own needs the same practical attention you so readily offer others.",
  ),
  "pentacles-king": entry(
    ["prosperity", "security", "discipline", "abundance", "provider"],
    "Material success and steady leadership come together here. You can use your resources and experience to build something secure and share it generously. Lead with patience, reliability and good judgement.",
    ["greed", "materialism", "stubbornness", "poor decisions"],
    "A focus on wealth or status may be crowding out other values. Stubbornness or poor financial choices could threaten what you have built. Remember that true prosperity includes generosity and care.",
  ),
};

/** Meanings of all 78 cards, by card key (`major-00`, `cups-queen`, …). */
export const MEANINGS: Readonly<Record<string, CardMeaning>> = {
  ...MAJOR,
  ...WANDS,
  ...CUPS,
  ...SWORDS,
  ...PENTACLES,
};

export function meaningOf(card: Pick<TarotCard, "key">): CardMeaning {
  const meaning = Object.hasOwn(MEANINGS, card.key) ? MEANINGS[card.key] : undefined;
  if (!meaning) throw new Error(`No meaning written for ${card.key}`);
  return meaning;
}
