#include "sensu/app/audio.h"

#include <SDL.h>
#include <SDL_mixer.h>
#include <dlfcn.h>

#include <algorithm>
#include <cmath>
#include <fstream>

#include "sensu/app/image_mask.h"
#include "sensu/math/scalar.h"

// libasound's error handler type is C and variadic; this one drops every message.
extern "C" void SensuQuietAlsaErrors(const char*, int, const char*, int, const char*, ...) {}

namespace sensu {

namespace {

// On a machine without a sound card libasound, which SDL's ALSA driver loads, prints its
// configuration errors to stderr ("ALSA lib confmisc.c:855:(parse_card) cannot find card '0'", eight
// lines) before SDL gives up on it, although nothing is wrong with the program: status() says what
// failed. A quiet handler keeps that away from newcomers. SDL opens the same library later, so the
// handler stays set; without libasound there is nothing to quiet.
void QuietAlsa() {
    void* alsa = dlopen("libasound.so.2", RTLD_LAZY | RTLD_LOCAL);
    if (alsa == nullptr) return;
    using Handler = void (*)(const char*, int, const char*, int, const char*, ...);
    using SetHandler = int (*)(Handler);
    if (auto set = reinterpret_cast<SetHandler>(dlsym(alsa, "snd_lib_error_set_handler"))) set(&SensuQuietAlsaErrors);
}

// SDL_mixer's volumes run 0 … MIX_MAX_VOLUME (128).
int MixerVolume(float volume) { return static_cast<int>(std::lround(Clamp(volume, 0.0f, 1.0f) * MIX_MAX_VOLUME)); }

void RequireUnit(float value, float lo, const char* what) {
    if (!IsFinite(value) || value < lo || value > 1.0f) {
        throw InvalidArgument(std::string(what) + " must be in [" + (lo < 0.0f ? "-1" : "0") + ", 1], got " + std::to_string(value));
    }
}

bool HasOggHeader(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    char magic[4] = {};
    return in.read(magic, 4) && std::string_view(magic, 4) == "OggS";
}

bool EndsWith(const std::string& text, std::string_view suffix) {
    if (text.size() < suffix.size()) return false;
    return std::equal(suffix.rbegin(), suffix.rend(), text.rbegin(),
                      [](char a, char b) { return a == static_cast<char>(std::tolower(static_cast<unsigned char>(b))); });
}

} // namespace

Audio::Audio(const AudioOptions& options) {
    if (options.frequency < 8000 || options.frequency > 192000) {
        throw InvalidArgument("Audio frequency must be 8000 … 192000 Hz, got " + std::to_string(options.frequency));
    }
    if (options.voices < 1 || options.voices > 256) {
        throw InvalidArgument("Audio voices must be 1 … 256, got " + std::to_string(options.voices));
    }
    if (options.silent) {
        status_ = "silent";
        return;
    }
    QuietAlsa();
    // Ref-counted by SDL: an App's own SDL_Init is unaffected, but App's SDL_Quit ends audio too.
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        status_ = std::string("no audio: ") + SDL_GetError();
        return;
    }
    Mix_Init(MIX_INIT_OGG);
    if (Mix_OpenAudio(options.frequency, AUDIO_S16SYS, 2, 1024) != 0) {
        status_ = std::string("no audio device: ") + Mix_GetError();
        Mix_Quit();
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        return;
    }
    Mix_AllocateChannels(options.voices);
    open_ = true;
}

Audio::~Audio() {
    if (!open_) return;
    Mix_HaltChannel(-1);
    Mix_HaltMusic();
    if (music_ != nullptr) Mix_FreeMusic(static_cast<Mix_Music*>(music_));
    for (auto& [path, chunk] : sounds_) {
        if (chunk != nullptr) Mix_FreeChunk(static_cast<Mix_Chunk*>(chunk));
    }
    Mix_CloseAudio();
    Mix_Quit();
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

void* Audio::Decode(const std::string& path, bool music) const {
    const std::string resolved = ResolveAssetPath(path);
    std::ifstream probe(resolved, std::ios::binary);
    if (!probe) throw InvalidArgument("cannot open sound '" + path + "'");
    if (!open_) {
        // No device to convert for: check the file as far as we can without one.
        if (EndsWith(resolved, ".ogg")) {
            if (!HasOggHeader(resolved)) throw InvalidArgument("'" + path + "' is not an OGG file");
            return nullptr;
        }
        SDL_AudioSpec spec{};
        Uint8* buffer = nullptr;
        Uint32 length = 0;
        if (SDL_LoadWAV(resolved.c_str(), &spec, &buffer, &length) == nullptr) {
            throw InvalidArgument("'" + path + "' is not a readable WAV file: " + SDL_GetError());
        }
        SDL_FreeWAV(buffer);
        return nullptr;
    }
    void* decoded = music ? static_cast<void*>(Mix_LoadMUS(resolved.c_str())) : static_cast<void*>(Mix_LoadWAV(resolved.c_str()));
    if (decoded == nullptr) throw InvalidArgument("'" + path + "' is not a sound SDL_mixer can decode: " + Mix_GetError());
    return decoded;
}

SoundId Audio::LoadSound(const std::string& path) {
    for (size_t i = 0; i < sounds_.size(); ++i) {
        if (sounds_[i].first == path) return {static_cast<uint32_t>(i)};
    }
    void* chunk = Decode(path, false);
    sounds_.emplace_back(path, chunk);
    soundPlays_.push_back(0);
    return {static_cast<uint32_t>(sounds_.size() - 1)};
}

void Audio::Play(SoundId sound, float volume, float pan) {
    if (sound.index >= sounds_.size()) throw InvalidArgument("Audio::Play: no sound with index " + std::to_string(sound.index));
    RequireUnit(volume, 0.0f, "sound volume");
    RequireUnit(pan, -1.0f, "sound pan");
    ++playCount_;
    ++soundPlays_[sound.index];
    if (!open_) return;
    const int channel = Mix_PlayChannel(-1, static_cast<Mix_Chunk*>(sounds_[sound.index].second), 0);
    if (channel < 0) return;  // every voice busy: the one-shot is dropped
    Mix_Volume(channel, MixerVolume(volume * master_));
    // Constant sum panning: centre plays both sides at full level, ±1 silences the other side.
    const auto side = [](float level) { return static_cast<Uint8>(std::lround(255.0f * Clamp(level, 0.0f, 1.0f))); };
    Mix_SetPanning(channel, side(1.0f - pan), side(1.0f + pan));
}

void Audio::PlayMusic(const std::string& path, float volume) {
    RequireUnit(volume, 0.0f, "music volume");
    void* music = Decode(path, true);
    StopMusic();
    music_ = music;
    musicVolume_ = volume;
    musicOn_ = true;
    if (!open_) return;
    ApplyMusicVolume();
    Mix_PlayMusic(static_cast<Mix_Music*>(music_), -1);
}

void Audio::StopMusic() {
    musicOn_ = false;
    if (!open_) return;
    Mix_HaltMusic();
    if (music_ != nullptr) Mix_FreeMusic(static_cast<Mix_Music*>(music_));
    music_ = nullptr;
}

void Audio::SetMasterVolume(float volume) {
    RequireUnit(volume, 0.0f, "master volume");
    master_ = volume;
    if (!open_) return;
    // Voices already sounding keep their level; new one-shots and the music follow at once.
    ApplyMusicVolume();
}

void Audio::ApplyMusicVolume() { Mix_VolumeMusic(MixerVolume(musicVolume_ * master_)); }

int Audio::playingVoices() const { return open_ ? Mix_Playing(-1) : 0; }

} // namespace sensu
